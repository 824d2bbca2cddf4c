package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code triage --profile-dump}: PySpark 3.5.1's real dump of the profiled row UDF beside the same
 * run's event log (src/test/resources/profiles/README.md). The profile is joined to the query
 * whose plan runs the UDF, its figures are Python's own, and a bad dump is one line and exit 3.
 */
class TriageProfileDumpTest {

    private static final String LOG = "src/test/resources/spark/eventlogs/pyspark35-profiled-udf/local-1796543998094";
    private static final Path PROFILES = Path.of("src/test/resources/profiles");

    @TempDir
    Path dir;

    @Test
    void theRowUdfFindingShowsWhereItsProfileSaysTheTimeWent() throws IOException {
        CliRun run = CliRun.of("triage", LOG, "--profile-dump", PROFILES.resolve("pyspark35").toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        String udfFinding = section(run.out(), "1. WARNING Query 0 runs a row-at-a-time Python UDF (normalize_code)", "\n\n");
        String share = String.format(Locale.ROOT, "%.0f%%", 100 * ownOf("{built-in method time.sleep}") / total());
        assertThat(udfFinding).contains("profile   UDF normalize_code #2 (udf_2.pstats): " + share + " of its");
        assertThat(udfFinding.replaceAll("\\s+", " ")).contains("in {built-in method time.sleep}");
        String profiles = run.out().substring(run.out().indexOf("\nPython profiles\n"));
        assertThat(profiles).contains("RDD #11 (rdd_11.pstats)", "UDF normalize_code #2, query 0 (udf_2.pstats)",
                "by cumulative time", "by own time", "profiled_udf.py:18(parse_code)");
    }

    @Test
    void jsonCarriesEachProfileWithItsQueryAndSharesNeverAboveTheWhole() throws IOException {
        CliRun run = CliRun.of("triage", LOG, "--json", "--profile-dump", PROFILES.resolve("pyspark35").toString());

        JsonNode report = Json.mapper().readTree(run.out());
        assertThat(dev.sparkdoc.testing.TriageSchema.SCHEMA.validate(report)).isEmpty();
        JsonNode profiles = report.get("profiles");
        assertThat(profiles).hasSize(2);
        JsonNode udf = profiles.get(1);
        assertThat(udf.get("file").asText()).isEqualTo("udf_2.pstats");
        assertThat(udf.get("target").asText()).isEqualTo("udf");
        assertThat(udf.get("profiler").asText()).isEqualTo("perf");
        assertThat(udf.get("udf").asText()).isEqualTo("normalize_code");
        assertThat(udf.get("queries").get(0).asLong()).isZero();
        assertThat(udf.get("totalSeconds").asDouble()).isCloseTo(total(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(udf.get("byOwn").get(0).get("function").asText()).isEqualTo("{built-in method time.sleep}");
        assertThat(udf.get("byCumulative").get(0).get("function").asText()).isEqualTo("profiled_udf.py:24(normalize_code)");
        for (JsonNode p : profiles) {
            for (String list : List.of("byCumulative", "byOwn")) {
                assertThat(p.get(list)).isNotEmpty().allSatisfy(f -> assertThat(f.get("share").asDouble()).isBetween(0.0, 1.0));
            }
        }
        assertThat(profiles.get(0).has("udf")).as("an RDD has no UDF").isFalse();
        assertThat(profiles.get(0).get("queries")).isEmpty();
    }

    @Test
    void aMemoryProfileShowsTheLineThatGrewMost() throws IOException {
        CliRun json = CliRun.of("triage", LOG, "--json", "--profile-dump", PROFILES.resolve("pyspark4").toString());
        assertThat(dev.sparkdoc.testing.TriageSchema.SCHEMA.validate(Json.mapper().readTree(json.out()))).isEmpty();

        CliRun run = CliRun.of("triage", LOG, "--profile-dump", PROFILES.resolve("pyspark4").toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        String flat = run.out().replaceAll("\\s+", " ");
        assertThat(flat).contains("profile UDF normalize_code #2 (udf_2_memory.txt): memory grew most at normalize.py:15 (+24.8 MiB)",
                "UDF normalize_code #2, query 0 (udf_2_memory.txt): memory by line memory grew most at +24.8 MiB normalize.py:15",
                "(udf_2_perf.pstats)");
    }

    @Test
    void aDumpThatCannotBeReadIsOneLineNamingTheFileAndNothingOnStdout() throws IOException {
        Files.writeString(dir.resolve("udf_5_perf.pstats"), "not marshal");

        CliRun run = CliRun.of("triage", LOG, "--profile-dump", dir.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip()).doesNotContain("\n").contains("udf_5_perf.pstats", "not a cProfile dump");
    }

    /** Python's reading of udf_2.pstats (profiles/expected/): the sum of own times, pstats' total. */
    private static double total() throws IOException {
        return expected().stream().mapToDouble(c -> Double.parseDouble(c[5])).sum();
    }

    private static double ownOf(String label) throws IOException {
        String name = "<" + label.substring(1, label.length() - 1) + ">";
        return expected().stream().filter(c -> c[0].equals("~") && c[2].equals(name)).mapToDouble(c -> Double.parseDouble(c[5]))
                .findFirst().orElseThrow();
    }

    private static List<String[]> expected() throws IOException {
        return Files.readAllLines(PROFILES.resolve("expected/pyspark35/udf_2.pstats.tsv")).stream().map(l -> l.split("\t", -1)).toList();
    }

    private static String section(String text, String from, String to) {
        int start = text.indexOf(from);
        assertThat(start).as(text).isNotNegative();
        int end = text.indexOf(to, start);
        return end < 0 ? text.substring(start) : text.substring(start, end);
    }
}
