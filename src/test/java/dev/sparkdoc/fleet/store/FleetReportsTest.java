package dev.sparkdoc.fleet.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.RuleCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The report SQL over a store built from real runs: one application run three times, the third
 * ten minutes slower; another run twice, the second failing (a real failed-query log renamed).
 */
class FleetReportsTest {

    private static final Path LOGS = Path.of("src/test/resources/spark/eventlogs");
    private static final long DAY = Duration.ofDays(1).toMillis();
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2027-01-10T00:00:00Z"), ZoneOffset.UTC);

    static Path db;
    private static long slowStart;
    private static long failedStart;

    @BeforeAll
    static void store() throws IOException {
        Path dir = Files.createTempDirectory("fleet-runs");
        Path plain = LOGS.resolve("join-plain/local-1795967342242");
        RunCopies.copy(plain, dir, "nightly-etl", 0, 0);
        RunCopies.copy(plain, dir, "nightly-etl", DAY, 0);
        slowStart = RunCopies.copy(plain, dir, "nightly-etl", 2 * DAY, Duration.ofMinutes(10).toMillis());
        RunCopies.copy(LOGS.resolve("spark35/local-1795969770784"), dir, "export", 0, 0);
        failedStart = RunCopies.copy(LOGS.resolve("failed-queries/local-1796188719838"), dir, "export", DAY, 0);
        db = Files.createTempDirectory("fleet-report").resolve("fleet.db");
        LogRowsReader reader = new LogRowsReader(RuleCatalog.builtIn(), "test", CLOCK);
        try (FleetStore store = FleetStore.open(db); Stream<Path> logs = Files.list(dir)) {
            for (Path log : logs.toList()) {
                store.put(reader.rows(log, log.toString(), Files.size(log), Files.getLastModifiedTime(log).toMillis()));
            }
        }
    }

    @Test
    void theSlowerLatestRunIsARegressionAgainstItsMedian() {
        FleetReports.Result r = report();

        List<Map<String, Object>> regressions = r.of("regressions");
        assertThat(regressions).extracting(row -> row.get("name")).containsExactly("nightly-etl");
        Map<String, Object> row = regressions.get(0);
        assertThat(row.get("app_key")).isEqualTo("local-" + slowStart + "/");
        assertThat(((Number) row.get("earlier_runs")).intValue()).isEqualTo(2);
        double wall = ((Number) row.get("wall_ms")).doubleValue();
        double median = ((Number) row.get("median_ms")).doubleValue();
        assertThat(wall - median).isGreaterThanOrEqualTo(Duration.ofMinutes(10).toMillis() - 1);
        // the failing run of "export" is slower than its one earlier run, but not by a minute
        assertThat(regressions).noneMatch(x -> "export".equals(x.get("name")));
    }

    @Test
    void aLatestRunThatFailedAfterOneThatCompletedIsANewFailure() {
        List<Map<String, Object>> failures = report().of("new-failures");

        assertThat(failures).hasSize(1);
        assertThat(failures.get(0)).containsEntry("name", "export").containsEntry("app_key", "local-" + failedStart + "/");
        assertThat((String) failures.get(0).get("title")).isNotBlank();
    }

    @Test
    void rulesAreRankedByTheSecondsTheyLostAndTheirVerdictsRecur() {
        FleetReports.Result r = report();

        List<Map<String, Object>> costly = r.of("costly-rules");
        assertThat(costly).isNotEmpty();
        List<Double> lost = costly.stream().map(row -> ((Number) row.get("seconds_lost")).doubleValue()).toList();
        assertThat(lost).isSortedAccordingTo((a, b) -> Double.compare(b, a));
        assertThat(r.applications()).isEqualTo(5);
        // three runs of the same job: whatever their verdict, it recurs in each (or there is none)
        r.of("recurring").stream().filter(row -> "nightly-etl".equals(row.get("name")))
                .forEach(row -> assertThat(((Number) row.get("runs_with_it")).intValue()).isBetween(2, 3));
    }

    @Test
    void aPeriodLeavesOlderRunsOut() {
        assertThat(failedStart).isGreaterThan(slowStart);
        try (FleetStore store = FleetStore.open(db)) {
            FleetReports.Result later = FleetReports.run(store, slowStart + 1);
            assertThat(later.of("regressions")).isEmpty();
            assertThat(later.of("new-failures")).extracting(row -> row.get("name")).containsExactly("export");
        }
    }

    @Test
    void parametersBecomeLiteralsAndCommentsGo() {
        String sql = FleetReports.bind("SELECT 1 -- :not_a_parameter\nWHERE a >= :since_ms AND b >= :slower_ratio",
                Map.of("since_ms", 42L, "slower_ratio", 1.5));
        assertThat(sql).isEqualTo("SELECT 1 \nWHERE a >= 42 AND b >= 1.5");
    }

    private static FleetReports.Result report() {
        try (FleetStore store = FleetStore.open(db)) {
            return FleetReports.run(store, 0);
        }
    }
}
