package dev.sparkdoc.spark;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Writes {@code src/test/resources/spark-config/VERSION.tsv}: every setting Spark VERSION's own
 * jars define (core's {@code ConfigEntry} registry after {@code internal.config.package} and
 * {@code SQLConf} loaded), with the version its {@code ConfigBuilder.version(...)} cites and its
 * default as Spark prints it. Each version's jars are loaded in a class loader of their own
 * ({@link SparkClasspath}: from Maven Central once). {@code SettingVersionsAgreeWithJarsTest}
 * checks the settings-since table under {@code src/main/resources/config/} against these files.
 * Run by {@code scripts/spark-config-tables [VERSION…]}.
 */
public final class SparkConfigTables {

    static final Path OUT = Path.of("src/test/resources/spark-config");

    private SparkConfigTables() {
    }

    public static void main(String[] versions) throws Exception {
        Files.createDirectories(OUT);
        for (String version : versions) {
            Map<String, String[]> entries = read(SparkClasspath.of(version));
            StringBuilder out = new StringBuilder("# Settings Spark " + version + "'s jars define, written by "
                    + "dev.sparkdoc.spark.SparkConfigTables (scripts/spark-config-tables): key, the version ConfigBuilder cites, the default\n");
            entries.forEach((k, v) -> out.append(k).append('\t').append(v[0]).append('\t').append(v[1]).append('\n'));
            Files.writeString(OUT.resolve(version + ".tsv"), out);
            System.out.println(version + ": " + entries.size() + " settings");
        }
    }

    /** key → {version, default}, from the jars of {@code classpath}. */
    static Map<String, String[]> read(String classpath) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        Map<String, String[]> out = new TreeMap<>();
        try (URLClassLoader jars = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            // loading the objects registers their entries in ConfigEntry.knownConfigs
            Stream.concat(coreConfigObjects(classpath).stream(), Stream.of("org.apache.spark.sql.internal.SQLConf$",
                    "org.apache.spark.sql.internal.StaticSQLConf$")).forEach(name -> module(jars, name));
            Object registry = java.util.Objects.requireNonNull(module(jars, "org.apache.spark.internal.config.ConfigEntry$"));
            Map<?, ?> known = (Map<?, ?>) registry.getClass().getMethod("knownConfigs").invoke(registry);
            for (Object entry : (Collection<?>) known.values()) {
                String key = (String) call(entry, "key");
                String since = (String) call(entry, "version");
                // spark.driver.host's default is this machine's address: not Spark's, and not to commit
                String dflt = key.equals("spark.driver.host") ? "<the local host>" : (String) call(entry, "defaultValueString");
                out.put(key, new String[] {since == null ? "" : since, dflt == null ? "" : dflt.replace('\t', ' ').replace('\n', ' ')});
            }
        }
        return out;
    }

    /** The Scala objects of spark-core's internal.config package (package, Kryo, UI, Network, Python …): each holds entries. */
    private static List<String> coreConfigObjects(String classpath) throws IOException {
        String prefix = "org/apache/spark/internal/config/";
        for (String entry : classpath.split(File.pathSeparator)) {
            if (Path.of(entry).getFileName().toString().startsWith("spark-core_")) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(entry)) {
                    return jar.stream().map(java.util.jar.JarEntry::getName)
                            .filter(n -> n.startsWith(prefix) && n.endsWith("$.class") && n.indexOf('$') == n.length() - 7
                                    && n.indexOf('/', prefix.length()) < 0)
                            .map(n -> n.substring(0, n.length() - 6).replace('/', '.')).sorted().toList();
                }
            }
        }
        throw new IOException("no spark-core jar on " + classpath);
    }

    private static Object module(ClassLoader jars, String name) {
        try {
            return Class.forName(name, true, jars).getField("MODULE$").get(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            // an object that needs what spark-sql does not bring (YARN, Kubernetes): its entries are not remedies here
            System.err.println("SparkConfigTables: skipped " + name + ": " + e);
            return null;
        }
    }

    private static Object call(Object target, String method) throws ReflectiveOperationException {
        Method m = target.getClass().getMethod(method);
        m.setAccessible(true);
        return m.invoke(target);
    }
}
