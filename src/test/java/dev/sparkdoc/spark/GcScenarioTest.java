package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Encoders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real executor JVM ({@code local-cluster}, a 384 MiB heap) whose tasks keep a large set of
 * small objects alive while they allocate for {@value #TASK_SECONDS} s: most of its time goes to
 * GC, in an application of well under a minute, the case a gate on a minute of task time missed.
 * Judged while its tasks run (when one is 12 s old: no task has finished, so only the JVM's own GC
 * counters, sent with each heartbeat, can tell) and after.
 */
@RealSpark
class GcScenarioTest {

    /** Each task allocates for this long: past the 12 s moment with room on a 3× faster machine. */
    static final int TASK_SECONDS = 30;
    /** How many of the newest small arrays a task keeps alive (~70 MB). */
    static final int LIVE = 600_000;
    private static final Duration MOMENT = Duration.ofSeconds(12);

    @TempDir
    Path logs;

    @Test
    void anExecutorSpendingMostOfItsTimeInGcIsTheTopFindingWhileItsTasksRunAndAfter() {
        String name = "gc pressure";
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder().master("local-cluster[1,2,1024]").realExecutors()
                        .conf("spark.executor.memory", "384m")
                        // the GC counters come with the heartbeat: every 2 s, so the 12 s moment has several
                        .conf("spark.executor.heartbeatInterval", "2s"),
                logs, s -> s.range(0, 2, 1, 2).mapPartitions(new KeepAlive(), Encoders.LONG()).collectAsList().stream()
                        .mapToLong(Long::longValue).sum(), rest -> {
                    Diagnosis d = ScenarioTriage.whenATaskHasRun(name, rest, MOMENT);
                    Finding top = assertGcFirst(name, d);
                    assertThat(top.title()).as(ScenarioTriage.describe(name, d)).endsWith("of its life so far in GC");
                });
        t.print(dev.sparkdoc.facts.ScopeKind.EXECUTOR, "executor.gc.fraction", "executor.gc.secondsLost", "executor.gc.fractionOfLife",
                "executor.gc.major.count", "executor.gc.major.time", "executor.taskTime");
        assertThat(t.result()).isPositive();
        for (Diagnosis d : t.both()) {
            Finding top = assertGcFirst(name, d);
            double fraction = top.evidence().stream().filter(e -> e.fact().equals("executor.gc.fraction")).findFirst().orElseThrow().value();
            assertThat(fraction).as(t.describe(d)).isGreaterThan(0.4);
            assertThat(top.title()).as(t.describe(d)).endsWith("of its task time in GC");
        }
    }

    /** The first finding at warning or above is the executor's GC, each pause counted once, never more than the app lived. */
    private static Finding assertGcFirst(String name, Diagnosis d) {
        assertThat(d.atLeast(Severity.WARNING)).as(ScenarioTriage.describe(name, d)).isNotEmpty();
        Finding top = d.atLeast(Severity.WARNING).get(0);
        assertThat(top.rule()).as(ScenarioTriage.describe(name, d)).isEqualTo("executor-memory.gc");
        assertThat(top.scope().id()).as(ScenarioTriage.describe(name, d)).isNotEqualTo("driver");
        double appSeconds = d.snapshot().application().knownDurationMs(d.snapshot().takenAt()).orElseThrow() / 1000.0;
        assertThat(top.secondsLost()).as(ScenarioTriage.describe(name, d)).isBetween(1.0, appSeconds);
        return top;
    }

    /** Allocates small arrays for {@link #TASK_SECONDS} s, keeping the newest {@link #LIVE} reachable; returns how many. */
    static final class KeepAlive implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Long> call(Iterator<Long> rows) {
            byte[][] live = new byte[LIVE][];
            long end = System.nanoTime() + TASK_SECONDS * 1_000_000_000L;
            long n = 0;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 10_000; i++) {
                    live[(int) (n++ % LIVE)] = new byte[96];
                }
            }
            return List.of(n + live.length * 0L).iterator();
        }
    }
}
