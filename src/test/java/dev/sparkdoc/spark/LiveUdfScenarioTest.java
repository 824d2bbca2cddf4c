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
 * A JVM UDF read while it runs: a real {@code local[2]} application whose two tasks each sleep
 * 1 ms on every 25th of their 500,000 rows (20 s at least, on any machine), triaged on the live
 * REST API when a task is 12 s old — before any pipeline has its duration metric — and after.
 */
@RealSpark
class LiveUdfScenarioTest {

    private static final long ROWS = 1_000_000;
    private static final Duration MOMENT = Duration.ofSeconds(12);

    @TempDir
    Path logs;

    @Test
    void aSlowJvmUdfIsNamedWhileItsTasksRunAndAfter() {
        String name = "slow JVM UDF, tasks of 20 s";
        // heartbeats every 2 s bring the pipelines' SQL metrics before the 12 s moment, at 0 ms (no task has
        // finished): the live reading must not take that for the UDF's cost
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder().conf("spark.executor.heartbeatInterval", "2s"), logs,
                s -> Scenarios.slowJvmUdf(s, ROWS, 2), rest -> {
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

    /** What the queries and stages said of the UDF, for a failure's message. */
    private static String udfFacts(Diagnosis d) {
        StringBuilder out = new StringBuilder();
        for (var sc : dev.sparkdoc.signals.Signals.compute(d.snapshot()).of(dev.sparkdoc.facts.ScopeKind.SQL)) {
            out.append("  ").append(sc.scope().label()).append(": ").append(sc.values().entrySet().stream()
                    .filter(e -> e.getKey().name().startsWith("sql.udf") || e.getKey().name().equals("sql.duration"))
                    .map(e -> e.getKey().name() + "=" + e.getValue()).toList()).append(sc.texts().values()).append('\n');
        }
        d.snapshot().sqlExecutions().forEach(q -> out.append("  query ").append(q.id()).append(' ').append(q.status())
                .append(" jobs ").append(q.runningJobIds()).append(q.successJobIds()).append(' ')
                .append(q.nodes().stream().map(n -> n.name() + "(" + n.detail().length() + ")").toList()).append('\n'));
        d.snapshot().jobs().forEach(j -> out.append("  job ").append(j.jobId()).append(' ').append(j.stageIds())
                .append(" sql ").append(j.sqlExecutionId()).append('\n'));
        d.snapshot().stages().forEach(st -> out.append("  stage ").append(st.key()).append(' ').append(st.status())
                .append(' ').append(st.tasks()).append(" run ").append(st.totals().executorRunTimeMs()).append(" notable ")
                .append(st.notableTasks().stream().map(x -> x.status() + ":" + x.durationMs()).toList()).append('\n'));
        return out.toString();
    }

    private static Finding assertUdfFirst(String name, Diagnosis d) {
        assertThat(d.atLeast(Severity.WARNING)).as(ScenarioTriage.describe(name, d) + "\n" + udfFacts(d)).isNotEmpty();
        Finding top = d.atLeast(Severity.WARNING).get(0);
        assertThat(top.rule()).as(ScenarioTriage.describe(name, d)).isEqualTo("udf.jvm-udf");
        assertThat(top.title()).as(ScenarioTriage.describe(name, d)).contains("the JVM UDF normalize");
        double appSeconds = d.snapshot().application().knownDurationMs(d.snapshot().takenAt()).orElseThrow() / 1000.0;
        assertThat(top.secondsLost()).as(ScenarioTriage.describe(name, d)).isLessThanOrEqualTo(appSeconds);
        return top;
    }
}
