package dev.sparkdoc.signals;

import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The facts this package's classes declare: every class here with a static {@link FactList} is
 * found on the class path (the classes folder in a build, the jar otherwise), so a new signal
 * class is in the catalogue without being listed anywhere.
 */
public final class DeclaredFacts implements FactSource {

    private static final String PACKAGE = DeclaredFacts.class.getPackageName();

    @Override
    public List<Declared> declared() {
        List<Declared> out = new ArrayList<>();
        for (String name : classNames()) {
            Class<?> type = load(name);
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) && field.getType() == FactList.class) {
                    out.add(new Declared(type.getName(), read(field)));
                }
            }
        }
        return out;
    }

    /** This package's top-level classes, by binary name. */
    private static List<String> classNames() {
        String folder = PACKAGE.replace('.', '/') + "/";
        URL here = DeclaredFacts.class.getResource(DeclaredFacts.class.getSimpleName() + ".class");
        try (Stream<String> paths = here.getProtocol().equals("jar") ? inJar(here, folder) : inFolder(here)) {
            return paths.filter(p -> p.endsWith(".class") && !p.contains("$"))
                    .map(p -> PACKAGE + "." + p.substring(p.lastIndexOf('/') + 1, p.length() - ".class".length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the signal classes at " + here, e);
        }
    }

    private static Stream<String> inJar(URL here, String folder) throws IOException {
        JarURLConnection connection = (JarURLConnection) here.openConnection();
        connection.setUseCaches(false);
        JarFile jar = connection.getJarFile();
        List<String> names = jar.stream().map(e -> e.getName())
                .filter(n -> n.startsWith(folder) && n.indexOf('/', folder.length()) < 0).toList();
        jar.close();
        return names.stream();
    }

    private static Stream<String> inFolder(URL here) throws IOException {
        try {
            Path dir = Path.of(here.toURI()).getParent();
            return Files.list(dir).map(p -> p.getFileName().toString());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, true, DeclaredFacts.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("listed but not loadable: " + name, e);
        }
    }

    private static FactList read(Field field) {
        try {
            field.setAccessible(true);
            return (FactList) field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + field, e);
        }
    }
}
