package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The defaults table (config/spark-defaults.tsv: what sparkdoc says an application runs with when it
 * sets nothing, and what a remedy must not propose again) against each version's jars, as
 * {@code scripts/spark-config-tables} read their ConfigEntry defaults into test resources'
 * spark-config/VERSION.tsv: the row in force for each version holds the jars' default, compared as
 * the key's kind reads ("10m" is "10MB", "60s" is "60000ms"). A default that falls back to another
 * setting ({@code <value of spark.x>}) is that setting's default.
 */
class DefaultsAgreeWithJarsTest {

    private static final Path JARS = Path.of("src/test/resources/spark-config");
    private static final List<String> VERSIONS = List.of("3.5.9", "4.0.1", "4.1.3", "4.2.0");
    private static final Pattern FALLBACK = Pattern.compile("<value of (\\S+)>");

    /** key → its default in that version's jars ("" when the key has no ConfigEntry there). */
    private static Map<String, String> jarDefaults(String version) throws IOException {
        Map<String, String> out = new HashMap<>();
        for (String line : Files.readAllLines(JARS.resolve(version + ".tsv"))) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] c = line.split("\t", -1);
                out.put(c[0], c.length > 2 ? c[2] : "");
            }
        }
        return out;
    }

    /** The jars' default of {@code key}, following fallbacks to another setting's default. */
    private static Optional<String> resolved(Map<String, String> jars, String key) {
        String value = jars.get(key);
        for (int hops = 0; value != null && hops < 5; hops++) {
            Matcher m = FALLBACK.matcher(value);
            if (!m.matches()) {
                return value.isEmpty() ? Optional.empty() : Optional.of(value);
            }
            value = jars.get(m.group(1));
        }
        return Optional.empty();
    }

    @Test
    void theDefaultInForceForEachVersionIsTheOneItsJarsDefine() throws IOException {
        SparkDefaults table = SparkDefaults.builtIn();
        List<String> keys = table.entries().stream().map(SparkDefaults.Entry::key).distinct().toList();
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        for (String version : VERSIONS) {
            Map<String, String> jars = jarDefaults(version);
            for (String key : keys) {
                Optional<String> jar = resolved(jars, key);
                Optional<SparkDefaults.Entry> row = table.at(key, AppContext.versionNumber(version));
                if (jar.isEmpty() || row.isEmpty()) {
                    continue;   // read without a ConfigEntry (spark.shuffle.io.*): the jars state no default
                }
                compared++;
                if (!Settings.same(row.get().kind(), row.get().value(), jar.get())) {
                    wrong.add(key + " on " + version + ": table " + row.get().value() + " (since " + row.get().since()
                            + "), jars " + jar.get());
                }
            }
        }
        assertThat(wrong).isEmpty();
        // most keys have a ConfigEntry on every version: a table the comparison skipped would pass vacuously
        assertThat(compared).isGreaterThan(keys.size() * VERSIONS.size() * 3 / 4);
    }
}
