package dev.sparkdoc.spark;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * A throwaway Spark "distribution" for {@code local-cluster} workers to launch executor JVMs
 * from: a temporary folder whose {@code jars/} holds links to the test JVM's jars. Spark's
 * Worker builds an executor's command with the launcher ({@code WorkerCommandBuilder}), which
 * puts {@code $SPARK_HOME/jars/*} on the class path and fails without that folder; the worker
 * reads its SPARK_HOME from the {@code spark.test.home} system property when {@code spark.testing}
 * is set (else from the environment, which a test cannot set). The workers' {@code work/} folders,
 * with each executor's stdout and stderr, land here too.
 */
final class SparkHome {

    private static final String TESTING = "spark.testing";
    private static final String TEST_HOME = "spark.test.home";

    private final Path root;
    private final List<Path> classDirs;

    private SparkHome(Path root, List<Path> classDirs) {
        this.root = root;
        this.classDirs = classDirs;
    }

    static SparkHome create() {
        try {
            Path root = Files.createTempDirectory("sparkdoc-spark-home-");
            Path jars = Files.createDirectory(root.resolve("jars"));
            List<Path> dirs = new ArrayList<>();
            Set<String> names = new LinkedHashSet<>();
            for (Path entry : testClassPath()) {
                if (Files.isDirectory(entry)) {
                    dirs.add(entry);
                } else if (entry.getFileName().toString().endsWith(".jar") && Files.isRegularFile(entry)) {
                    // two jars of one file name (different groups) would collide: number the second
                    String name = entry.getFileName().toString();
                    String unique = names.add(name) ? name : names.size() + "-" + name;
                    names.add(unique);
                    Files.createSymbolicLink(jars.resolve(unique), entry);
                }
            }
            return new SparkHome(root, dirs);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary SPARK_HOME", e);
        }
    }

    Path root() {
        return root;
    }

    /** What the executors need beyond the jars: the test's classes, Scala's version, loopback. */
    Map<String, String> executorConf() {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("spark.executor.extraClassPath",
                String.join(File.pathSeparator, classDirs.stream().map(Path::toString).toList()));
        // the launcher asks for it (or a source build's launcher/target/scala-2.13)
        conf.put("spark.executorEnv.SPARK_SCALA_VERSION", "2.13");
        conf.put("spark.executorEnv.SPARK_LOCAL_IP", "127.0.0.1");
        conf.put("spark.executor.memory", "512m");
        // a test's executors run seconds of work: start them fast (C1 only, one GC thread) on a busy core
        conf.put("spark.executor.extraJavaOptions", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        return conf;
    }

    /**
     * Runs {@code start} (the SparkContext's creation, which builds the local-cluster's workers)
     * with the two system properties the workers read, and takes them back after.
     */
    <T> T whileStarting(Supplier<T> start) {
        String testing = System.getProperty(TESTING);
        String home = System.getProperty(TEST_HOME);
        System.setProperty(TESTING, "true");
        System.setProperty(TEST_HOME, root.toString());
        try {
            return start.get();
        } finally {
            restore(TESTING, testing);
            restore(TEST_HOME, home);
        }
    }

    void delete() {
        try (Stream<Path> all = Files.walk(root)) {
            // links are deleted, never followed: the jars they name stay
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("SparkHome: could not delete " + root + ": " + e);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    /**
     * The test JVM's class path, as files. Surefire starts the JVM with a manifest-only jar whose
     * {@code Class-Path} lists the real entries: that manifest is expanded.
     */
    static List<Path> testClassPath() throws IOException {
        Set<Path> out = new LinkedHashSet<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.isBlank()) {
                continue;
            }
            Path p = Paths.get(e).toAbsolutePath();
            out.add(p);
            if (p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p)) {
                try (JarFile jar = new JarFile(p.toFile())) {
                    Manifest m = jar.getManifest();
                    String cp = m == null ? null : m.getMainAttributes().getValue("Class-Path");
                    if (cp != null) {
                        URI base = p.getParent().toUri();
                        for (String ref : cp.trim().split("\\s+")) {
                            out.add(Paths.get(base.resolve(ref)));
                        }
                    }
                }
            }
        }
        return new ArrayList<>(out);
    }
}
