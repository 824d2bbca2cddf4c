package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.ProfileDump;
import dev.sparkdoc.model.ProfileDump.ProfiledFunction;
import dev.sparkdoc.source.profile.ProfileDumpReader;
import dev.sparkdoc.testing.RealSpark;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real PySpark 3.5.1 application under {@code spark.python.profile=true}
 * ({@code pyspark/profiled_udf.py}): a row UDF over 24,000 rows and a Python RDD map, then
 * {@code sc.dump_profiles}. The dump PySpark wrote is read as Python reads it, and {@code triage
 * --profile-dump} joins the UDF's profile to the query whose plan runs it. Skipped, saying why,
 * on a clone without {@code ../shared/pyspark-3.5.1}.
 */
@RealSpark
class PySparkProfileScenarioTest {

    private static final Duration PATIENCE = Duration.ofMinutes(5);
    /** The script's rows: each calls the UDF once, which sleeps 1 ms. */
    private static final int ROWS = 24_000;

    @TempDir
    Path dir;

    @BeforeEach
    void needsPySpark() {
        assumeTrue(PySparkApp.available(), () -> "skipped: " + PySparkApp.unavailableReason());
    }

    @Test
    void theDumpOfARealProfiledUdfReadsAsPythonReadsItAndJoinsItsQuery() throws Exception {
        Path log;
        try (PySparkApp app = PySparkApp.submit(dir, "profiled_udf.py", Map.of("spark.python.profile", "true"))) {
            app.awaitMark("done", PATIENCE);
            log = app.finish(PATIENCE);
        }
        Path profiles = dir.resolve("profiles");
        ProfileDump dump = ProfileDumpReader.read(profiles);

        assertThat(dump.perf()).extracting(p -> p.target()).containsExactlyInAnyOrder(ProfileDump.Target.UDF, ProfileDump.Target.RDD);
        ProfileDump.PerfProfile udf = dump.perf().stream().filter(p -> p.target() == ProfileDump.Target.UDF).findFirst().orElseThrow();
        assertThat(function(udf, "normalize_code").calls()).isEqualTo(ROWS);
        assertThat(function(udf, "parse_code").calls()).isEqualTo(ROWS);
        // a sleep of 1 ms lasts at least 1 ms, however slow the machine
        ProfiledFunction sleep = function(udf, "<built-in method time.sleep>");
        assertThat(sleep.ownSeconds()).isGreaterThanOrEqualTo(ROWS * 0.001);
        assertThat(function(udf, "normalize_code").cumulativeSeconds()).isGreaterThanOrEqualTo(sleep.ownSeconds());
        for (ProfileDump.PerfProfile p : dump.perf()) {
            assertThat(p.functions()).as(p.file()).containsExactlyElementsOf(python(profiles.resolve(p.file())));
        }

        CliRun run = CliRun.of("triage", log.toString(), "--json", "--profile-dump", profiles.toString());
        assertThat(run.err()).isEmpty();
        JsonNode report = Json.mapper().readTree(run.out());
        JsonNode joined = report.get("profiles").get(1);
        assertThat(joined.get("file").asText()).isEqualTo(udf.file());
        assertThat(joined.get("udf").asText()).isEqualTo("normalize_code");
        long query = joined.get("queries").get(0).asLong();
        assertThat(report.get("findings")).anySatisfy(f -> {
            assertThat(f.get("rule").asText()).isEqualTo("udf.python-row-udf");
            assertThat(f.get("scope").get("id").asText()).isEqualTo(Long.toString(query));
        });
        assertThat(joined.get("byOwn").get(0).get("function").asText()).isEqualTo("{built-in method time.sleep}");
    }

    private static ProfiledFunction function(ProfileDump.PerfProfile p, String name) {
        return p.functions().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + p.file() + ": " + p.functions()));
    }

    /** Python's own reading of a dump (test resources' profiles/pstats_table.py). */
    private static List<ProfiledFunction> python(Path pstats) throws Exception {
        Process p = new ProcessBuilder("python3", "src/test/resources/profiles/pstats_table.py", pstats.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().map(l -> l.split("\t", -1)).map(c -> new ProfiledFunction(c[0], Integer.parseInt(c[1]), c[2],
                Long.parseLong(c[3]), Long.parseLong(c[4]), Double.parseDouble(c[5]), Double.parseDouble(c[6]))).toList();
    }
}
