package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Encoders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real executor JVM ({@code local-cluster}, a 384 MiB heap) whose tasks keep a large set of
 * small objects alive while they allocate: most of its time goes to GC, in an application of well
 * under a minute, the case a gate on a minute of task time missed.
 */
class GcScenarioTest {

    /** Objects each task allocates, and how many of the newest it keeps alive (~70 MB per task). */
    static final int ALLOCATIONS = 30_000_000;
    static final int LIVE = 600_000;

    @TempDir
    Path logs;

    @Test
    void anExecutorSpendingMostOfItsTimeInGcIsTheTopFinding() {
        ScenarioTriage t = ScenarioTriage.run("gc pressure", LocalSpark.builder().master("local-cluster[1,2,1024]").realExecutors()
                        .conf("spark.executor.memory", "384m"),
                logs, s -> s.range(0, 2, 1, 2).mapPartitions(new KeepAlive(), Encoders.LONG()).collectAsList().stream()
                        .mapToLong(Long::longValue).sum());
        t.print(dev.sparkdoc.signals.ScopeKind.EXECUTOR, "executor.gc.fraction", "executor.gc.secondsLost", "executor.gc.fractionOfLife",
                "executor.gc.major.count", "executor.gc.major.time", "executor.taskTime");
        assertThat(t.result()).isEqualTo(2L * ALLOCATIONS);
        for (Diagnosis d : t.both()) {
            Finding top = d.atLeast(Severity.WARNING).get(0);
            assertThat(top.rule()).as(t.describe(d)).isEqualTo("executor-memory.gc");
            assertThat(top.scope().id()).as(t.describe(d)).isNotEqualTo("driver");
            double fraction = top.evidence().stream().filter(e -> e.fact().equals("executor.gc.fraction")).findFirst().orElseThrow().value();
            assertThat(fraction).as(t.describe(d)).isGreaterThan(0.4);
            // the JVM's own GC time: each pause once, though two tasks each saw it; never more than the app lived
            double appSeconds = d.snapshot().application().knownDurationMs(d.snapshot().takenAt()).orElseThrow() / 1000.0;
            assertThat(top.secondsLost()).as(t.describe(d)).isBetween(1.0, appSeconds);
        }
    }

    /** Allocates {@link #ALLOCATIONS} small arrays, keeping the newest {@link #LIVE} reachable. */
    static final class KeepAlive implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Long> call(Iterator<Long> rows) {
            byte[][] live = new byte[LIVE][];
            long n = 0;
            for (int i = 0; i < ALLOCATIONS; i++) {
                live[i % LIVE] = new byte[96];
                n++;
            }
            return List.of(n + live.length * 0L).iterator();
        }
    }
}
