package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.executor;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class ExecutorSignalsTest {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    private static ScopeFacts one(Snapshots snapshot) {
        return Facts.of(snapshot, ScopeKind.EXECUTOR, "1");
    }

    private static ScopeFacts one(Snapshots.ExecutorBuilder e) {
        return one(Snapshots.app().executors(e, executor("2", 4)));
    }

    @Test
    void gcFractionAndSecondsLostOverTheCores() {
        ScopeFacts f = one(executor("1", 4).taskTime(400_000, 100_000));
        assertThat(value(f, "executor.gc.fraction")).isEqualTo(0.25);
        assertThat(value(f, "executor.gc.secondsLost")).isEqualTo(25.0);
    }

    @Test
    void heapIsMeasuredAgainstExecutorMemoryAndTheDriverAgainstDriverMemory() {
        ScopeFacts e = one(executor("1", 4).peak("JVMHeapMemory", 3 * GIB));
        assertThat(value(e, "executor.heap.max")).isEqualTo(4.0 * GIB);
        assertThat(value(e, "executor.heap.peakFraction")).isEqualTo(0.75);
        assertThat(value(e, "executor.heap.suggested")).isEqualTo(4.5 * GIB);
        ScopeFacts d = Facts.of(Snapshots.app().executors(executor("driver", 0).peak("JVMHeapMemory", GIB)), ScopeKind.EXECUTOR, "driver");
        assertThat(value(d, "executor.heap.max")).isEqualTo(2.0 * GIB);
        assertThat(value(d, "executor.heap.peakFraction")).isEqualTo(0.5);
    }

    @Test
    void containerLimitIsHeapPlusDefaultOverheadPlusPysparkMemory() {
        ScopeFacts f = one(Snapshots.app().conf("spark.executor.pyspark.memory", "1g")
                .executors(executor("1", 4).peak("ProcessTreeJVMRSSMemory", 4 * GIB), executor("2", 4)));
        long overhead = Math.max(384 * MIB, 4 * GIB / 10);
        assertThat(value(f, "executor.memoryLimit")).isEqualTo((double) (4 * GIB + overhead + GIB));
        assertThat(value(f, "executor.rss.total")).isEqualTo(4.0 * GIB);
    }

    @Test
    void explicitOverheadIsInMebibytesWhenBare() {
        ScopeFacts f = one(Snapshots.app().conf("spark.executor.memoryOverhead", "1024")
                .executors(executor("1", 4).peak("ProcessTreeJVMRSSMemory", 4 * GIB), executor("2", 4)));
        assertThat(value(f, "executor.memoryLimit")).isEqualTo(5.0 * GIB);
        assertThat(value(f, "executor.overhead.suggested")).isEqualTo(1.5 * GIB);
    }

    @Test
    void suggestedOverheadIsAStepUpFromTodaysAndCoversTheNonHeapRss() {
        assertThat(ExecutorSignals.suggestedOverhead(400 * MIB, 0)).isEqualTo(600.0 * MIB);
        assertThat(ExecutorSignals.suggestedOverhead(400 * MIB, 800 * MIB)).isEqualTo(1000.0 * MIB);
        assertThat(ExecutorSignals.suggestedOverhead(100 * MIB, 0)).isEqualTo(384.0 * MIB);
        // known even without process-tree metrics, so remedies can name it
        assertThat(value(one(executor("1", 4)), "executor.overhead.suggested")).isEqualTo(Math.ceil(4 * GIB / 10) * 1.5);
        assertThat(one(executor("1", 4)).value("executor.rss.total")).isEmpty();
    }

    @Test
    void lostForMemoryReadsTheRemovalReason() {
        assertThat(value(one(executor("1", 4).removed("Container killed by YARN for exceeding memory limits.")), "executor.lost.memory"))
                .isEqualTo(1.0);
        // exit 137 is SIGKILL: memory only with memory words (preemption and lost nodes end so too)
        assertThat(value(one(executor("1", 4).removed("Command exited with code 137")), "executor.lost.memory")).isZero();
        // what the driver records when the executor's connection drops first (a SIGKILL, a lost host): a guess, not evidence
        assertThat(value(one(executor("1", 4).removed("Remote RPC client disassociated. Likely due to containers exceeding"
                + " thresholds, or network issues. Check driver logs for WARN messages.")), "executor.lost.memory")).isZero();
        assertThat(value(one(executor("1", 4).removed("Executor exited with exit code 137 (possible container OOM)")),
                "executor.lost.memory")).isEqualTo(1.0);
        assertThat(value(one(executor("1", 4).removed("Container killed on request. Exit code is 137 [lost node]")),
                "executor.lost.memory")).isZero();
        assertThat(value(one(executor("1", 4).removed("java.lang.OutOfMemoryError: Java heap space")), "executor.lost.memory"))
                .isEqualTo(1.0);
        assertThat(value(one(executor("1", 4).removed("Executor killed by driver.")), "executor.lost.memory")).isZero();
        assertThat(one(executor("1", 4)).value("executor.lost.memory")).isEmpty();
    }
}
