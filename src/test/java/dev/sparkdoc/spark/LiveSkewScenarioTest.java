package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Skew read while it happens: a real {@code local[2]} application whose hot task runs for 30 s
 * or more (150,000 rows at {@value #HOT_MICROS_PER_ROW} µs each), triaged on the live REST API at
 * the moment that task is 12 s old by the snapshot's clock (the first poll that sees it), then
 * after it ended and from the event log. The hot task has no final metrics yet at 12 s: the
 * verdict "skew" comes from what its parents wrote for it to read.
 */
@RealSpark
class LiveSkewScenarioTest {

    /** The hot task's 150k rows at this cost take 30 s, well past the 12 s moment on a 3× faster machine. */
    private static final int HOT_MICROS_PER_ROW = 200;
    private static final Duration MOMENT = Duration.ofSeconds(12);

    @TempDir
    Path logs;

    @Test
    void aSkewedJoinIsDataSkewWhileItsHotTaskRunsAndAfter() {
        String name = "skewed join, hot task of 30 s";
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder(), logs,
                s -> SparkWorkloads.skewedJoin(s, HOT_MICROS_PER_ROW), rest -> {
                    Diagnosis d = ScenarioTriage.whenATaskHasRun(name, rest, MOMENT);
                    Finding top = topSerious(name, d);
                    assertThat(top.rule()).as(ScenarioTriage.describe(name, d)).isEqualTo("skew.running-task");
                    // the query set skewJoin.enabled=false: AQE's split is what this join needs
                    assertThat(top.remedies()).as(ScenarioTriage.describe(name, d))
                            .anySatisfy(r -> assertThat(r.conf()).containsKey("spark.sql.adaptive.skewJoin.enabled"));
                    assertLossSoFar(name, d, top);
                });
        assertThat(t.result()).isEqualTo(SparkWorkloads.JOIN_ROWS);
        t.assertFirst("skew");
        for (Diagnosis d : t.both()) {
            assertThat(topSerious(name, d).rule()).as(t.describe(d)).isEqualTo("skew.stage-task-time");
        }
    }

    @Test
    void aSkewedAggregationIsAHotGroupKeyWhileItsHotTaskRunsAndAfter() {
        String name = "skewed group-by, hot task of 30 s";
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder().conf("spark.sql.shuffle.partitions", "10")
                        .conf("spark.sql.adaptive.coalescePartitions.enabled", "false"), logs,
                s -> Scenarios.skewedGroupBy(s, HOT_MICROS_PER_ROW), rest -> {
                    Diagnosis d = ScenarioTriage.whenATaskHasRun(name, rest, MOMENT);
                    Finding top = topSerious(name, d);
                    assertThat(top.rule()).as(ScenarioTriage.describe(name, d)).isEqualTo("aggregations.running-skewed-key");
                    assertNoJoinRemedies(name, d);
                    assertLossSoFar(name, d, top);
                });
        assertThat(t.result()).isEqualTo(Scenarios.SKEW_ROWS);
        t.assertFirst("aggregations");
        for (Diagnosis d : t.both()) {
            assertThat(topSerious(name, d).rule()).as(t.describe(d)).isEqualTo("aggregations.skewed-key");
            assertNoJoinRemedies(name, d);
        }
    }

    private static Finding topSerious(String name, Diagnosis d) {
        assertThat(d.atLeast(Severity.WARNING)).as(ScenarioTriage.describe(name, d)).isNotEmpty();
        return d.atLeast(Severity.WARNING).get(0);
    }

    /** No finding on a grouping query proposes AQE's skew join or more partitions: neither splits one key. */
    private static void assertNoJoinRemedies(String name, Diagnosis d) {
        assertThat(d.findings()).as(ScenarioTriage.describe(name, d)).allSatisfy(f -> assertThat(f.remedies())
                .allSatisfy(r -> assertThat(r.conf()).doesNotContainKeys("spark.sql.adaptive.skewJoin.enabled",
                        "spark.sql.shuffle.partitions")));
    }

    /** At 12 s the hot task has cost at most its own age so far, and more than the 10 s gate minus its median. */
    private static void assertLossSoFar(String name, Diagnosis d, Finding top) {
        assertThat(top.secondsLost()).as(ScenarioTriage.describe(name, d))
                .isBetween(MOMENT.toSeconds() / 2.0, 150_000 * HOT_MICROS_PER_ROW / 1e6);
    }
}
