package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM UDF read while it runs: a real {@code local[2]} application whose two tasks each sleep
 * 1 ms on every 25th of their 500,000 rows (20 s at least, on any machine), triaged on the live
 * REST API when a task is 12 s old — before any pipeline has its duration metric — and after.
 */
class LiveUdfScenarioTest {

    private static final long ROWS = 1_000_000;
    private static final Duration MOMENT = Duration.ofSeconds(12);

    @TempDir
    Path logs;

    @Test
    void aSlowJvmUdfIsNamedWhileItsTasksRunAndAfter() {
        String name = "slow JVM UDF, tasks of 20 s";
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder(), logs, s -> Scenarios.slowJvmUdf(s, ROWS, 2), rest -> {
            // the UDF is named from the running query's plan text, an optional read a loaded poll may miss
            Diagnosis d = ScenarioTriage.whenATaskHasRun(name, rest, MOMENT, snap -> snap.sqlExecutions().stream()
                    .anyMatch(q -> q.nodes().stream().anyMatch(n -> n.detail().contains("normalize("))));
            Finding top = assertUdfFirst(name, d);
            // two tasks of 12 s so far over 2 slots: about 12 s lost so far, not yet the 20 s they will take
            assertThat(top.secondsLost()).as(ScenarioTriage.describe(name, d)).isBetween(MOMENT.toSeconds() * 0.8,
                    ROWS / Scenarios.UDF_SLEEP_EVERY / 2 / 1000.0);
        });
        assertThat(t.result()).isEqualTo(ROWS / 1_000 * (999L * 1_000 / 2));
        for (Diagnosis d : t.both()) {
            Finding top = assertUdfFirst(name, d);
            assertThat(top.secondsLost()).as(t.describe(d)).isGreaterThanOrEqualTo(ROWS / Scenarios.UDF_SLEEP_EVERY / 2 / 1000.0 * 0.9);
        }
    }

    private static Finding assertUdfFirst(String name, Diagnosis d) {
        assertThat(d.atLeast(Severity.WARNING)).as(ScenarioTriage.describe(name, d)).isNotEmpty();
        Finding top = d.atLeast(Severity.WARNING).get(0);
        assertThat(top.rule()).as(ScenarioTriage.describe(name, d)).isEqualTo("udf.jvm-udf");
        assertThat(top.title()).as(ScenarioTriage.describe(name, d)).contains("the JVM UDF normalize");
        double appSeconds = d.snapshot().application().knownDurationMs(d.snapshot().takenAt()).orElseThrow() / 1000.0;
        assertThat(top.secondsLost()).as(ScenarioTriage.describe(name, d)).isLessThanOrEqualTo(appSeconds);
        return top;
    }
}
