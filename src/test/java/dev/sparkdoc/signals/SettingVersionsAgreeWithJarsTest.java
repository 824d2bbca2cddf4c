package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The settings-since table (config/spark-settings-since.tsv: a remedy never proposes a key the
 * application's Spark lacks) against what each version's jars define, as
 * {@code scripts/spark-config-tables} read them into test resources' spark-config/VERSION.tsv: a
 * key is defined in every version at or after its "since" and in none before, and the version its
 * ConfigBuilder cites is the one the table gives.
 */
class SettingVersionsAgreeWithJarsTest {

    private static final Path JARS = Path.of("src/test/resources/spark-config");
    private static final Path SINCE = Path.of("src/main/resources/config/spark-settings-since.tsv");
    private static final List<String> VERSIONS = List.of("3.5.9", "4.0.1", "4.1.3", "4.2.0");
    /**
     * Read as plain strings, not through a ConfigEntry: Utils.getLocalDir, PySpark's own Python side, and the
     * network module's TransportConf ({@code spark.<module>.io.*}, the module being {@code shuffle} here).
     */
    private static final Set<String> NO_CONFIG_ENTRY = Set.of("spark.local.dir", "spark.python.profile", "spark.python.profile.memory",
            "spark.shuffle.io.maxRetries", "spark.shuffle.io.numConnectionsPerPeer", "spark.shuffle.io.retryWait");

    /** "4.1.3" or "4.1" → 410: major and minor only. */
    private static int minor(String version) {
        String[] p = version.split("\\.");
        return Integer.parseInt(p[0]) * 100 + Integer.parseInt(p[1]) * 10;
    }

    private static Map<String, String> rows(Path file, int valueColumn) throws IOException {
        return Files.readAllLines(file).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> l.split("\t", -1))
                .collect(Collectors.toMap(c -> c[0], c -> c[valueColumn], (a, b) -> a, TreeMap::new));
    }

    @Test
    void everyProposedKeyIsDefinedFromItsSinceVersionOnAndNotBefore() throws IOException {
        Map<String, String> since = rows(SINCE, 1);
        List<String> wrong = new ArrayList<>();
        for (String version : VERSIONS) {
            Map<String, String> defined = rows(JARS.resolve(version + ".tsv"), 1);
            assertThat(defined).as(version).hasSizeGreaterThan(900);
            since.forEach((key, first) -> {
                boolean expected = minor(version) >= minor(first) && !NO_CONFIG_ENTRY.contains(key);
                if (defined.containsKey(key) != expected) {
                    wrong.add(key + " (since " + first + ") is " + (expected ? "missing from " : "defined in ") + version);
                }
            });
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void theVersionEachJarCitesIsTheTables() throws IOException {
        Map<String, String> since = rows(SINCE, 1);
        Map<String, String> cited = rows(JARS.resolve(VERSIONS.get(VERSIONS.size() - 1) + ".tsv"), 1);
        List<String> wrong = since.entrySet().stream()
                .filter(e -> cited.containsKey(e.getKey()) && !cited.get(e.getKey()).isEmpty())
                .filter(e -> minor(cited.get(e.getKey())) != minor(e.getValue()))
                .map(e -> e.getKey() + ": table " + e.getValue() + ", jars " + cited.get(e.getKey())).toList();
        assertThat(wrong).isEmpty();
    }

    @Test
    void theNewerVersionsDefineWhatTheOlderOnesDid() throws IOException {
        // a key Spark removed would make a remedy wrong on the newer versions: none of the proposed ones was
        Map<String, String> oldest = rows(JARS.resolve(VERSIONS.get(0) + ".tsv"), 1);
        Map<String, String> newest = rows(JARS.resolve(VERSIONS.get(VERSIONS.size() - 1) + ".tsv"), 1);
        assertThat(rows(SINCE, 1).keySet().stream().filter(oldest::containsKey).filter(k -> !newest.containsKey(k)).toList())
                .isEmpty();
    }
}
