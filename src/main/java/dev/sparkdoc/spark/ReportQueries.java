package dev.sparkdoc.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The fleet reports: one {@code .sql} file each under {@code src/main/resources/fleet/report/},
 * in SQL that SQLite and Spark SQL both accept, over tables {@code applications} and
 * {@code findings}; the same files {@code sparkdoc fleet DIR} runs on its SQLite store.
 * Parameters are written {@code :name} and replaced by literals before the query runs.
 */
final class ReportQueries {

    static final String FOLDER = "fleet/report/";
    /** A parameter: a colon, then a name, not inside a word (so '12:30' in a string is left alone). */
    private static final Pattern PARAMETER = Pattern.compile("(?<![\\w:]):([a-z][a-z_]*)\\b");

    /** One report: its name (the file's, without .sql) and its SQL with the parameters filled in. */
    record Query(String name, String sql) {
    }

    private ReportQueries() {
    }

    /** Every report, by name; parameters {@code :since_ms} (0 when no --since). */
    static List<Query> all(long sinceMs) {
        List<Query> queries = new ArrayList<>();
        for (String file : files()) {
            String name = file.substring(0, file.length() - ".sql".length());
            queries.add(new Query(name, fill(name, read(FOLDER + file), sinceMs)));
        }
        queries.sort(Comparator.comparing(Query::name));
        return queries;
    }

    static String fill(String name, String sql, long sinceMs) {
        Matcher m = PARAMETER.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            if (!m.group(1).equals("since_ms")) {
                throw new IllegalStateException("report " + name + ": unknown parameter :" + m.group(1) + " (only :since_ms is given)");
            }
            m.appendReplacement(out, Long.toString(sinceMs));
        }
        m.appendTail(out);
        // a trailing semicolon is SQLite's habit; Spark's sql() takes one statement without it
        return out.toString().strip().replaceAll(";\\s*$", "");
    }

    private static String read(String resource) {
        try (InputStream in = ReportQueries.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no report " + resource + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The .sql files of the report folder, from the jar or (in tests) the class folder this class came from. */
    private static List<String> files() {
        try {
            Path home = Path.of(ReportQueries.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(home)) {
                Path folder = home.resolve(FOLDER);
                if (!Files.isDirectory(folder)) {
                    return List.of();
                }
                try (Stream<Path> sql = Files.list(folder)) {
                    return sql.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")).sorted().toList();
                }
            }
            try (ZipFile jar = new ZipFile(home.toFile())) {
                return jar.stream().map(ZipEntry::getName)
                        .filter(n -> n.startsWith(FOLDER) && n.endsWith(".sql") && n.indexOf('/', FOLDER.length()) < 0)
                        .map(n -> n.substring(FOLDER.length())).sorted().toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the fleet reports", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
