package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.GIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.executor;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class ExecutorMemoryRulesTest {

    private static final String LOST = "executor-memory.lost-for-memory";
    private static final String GC = "executor-memory.gc";
    private static final String HEAP = "executor-memory.heap-near-max";
    private static final String CONTAINER = "executor-memory.container-near-limit";

    private static final String YARN_KILL = "Container killed by YARN for exceeding memory limits. 5.5 GB of 5.5 GB physical "
            + "memory used. Consider boosting spark.executor.memoryOverhead.";

    private static Snapshots withExecutor(Snapshots.ExecutorBuilder one) {
        return Snapshots.app().executors(one, executor("2", 4));
    }

    @Test
    void executorKilledByYarnForMemoryIsCritical() {
        Finding f = fires(withExecutor(executor("1", 4).removed(YARN_KILL).tasks(280, 20)), LOST, "1");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).isEqualTo("Executor 1 was lost for memory: " + YARN_KILL);
        // 20 failed tasks × 2 s average task time, over 4 cores
        assertThat(f.secondsLost()).isEqualTo(10.0);
        assertThat(evidence(f, "executor.tasks.failed")).isEqualTo(20.0);
        assertThat(conf(f, "spark.executor.memory")).isEqualTo("6g");
        // today's overhead is max(384 MiB, 10% of 4 GiB) = 409.6 MiB; 1.5 × that, rounded up
        assertThat(conf(f, "spark.executor.memoryOverhead")).isEqualTo("615m");
    }

    @Test
    void theOverheadFixShowsHowItWasReachedAndSetsTheKeyTheAppSizesOverheadWith() {
        // Spark's default: the formula with its inputs, then the step up
        Finding byDefault = fires(withExecutor(executor("1", 4).removed(YARN_KILL)), LOST, "1");
        assertThat(byDefault.remedies().get(0).text()).contains("memory: 1.5 × spark.executor.memory = 4g (set by the app) = 6.0 GiB")
                .contains("overhead now max(384.0 MiB, 0.1 × the 4.0 GiB heap) = 409.6 MiB (memoryOverheadFactor 0.1, Spark's default);"
                        + " 1.5 × that = 614.4 MiB");
        // an explicit overhead, set by the app: stepped up from its value
        Finding explicit = fires(withExecutor(executor("1", 4).removed(YARN_KILL)).conf("spark.executor.memoryOverhead", "1g"), LOST, "1");
        assertThat(conf(explicit, "spark.executor.memoryOverhead")).isEqualTo("1536m");
        assertThat(explicit.remedies().get(0).text()).contains("overhead now spark.executor.memoryOverhead = 1g (set by the app)");
        // on Kubernetes an app that sizes overhead by factor gets the factor stepped up, in the key it set
        Finding k8s = fires(withExecutor(executor("1", 4)
                        .removed("The executor with id 1 exited with exit code 137(SIGKILL, possible container OOM)."))
                .conf("spark.master", "k8s://https://kubernetes.default.svc:443").conf("spark.kubernetes.memoryOverheadFactor", "0.2"),
                LOST, "1");
        assertThat(k8s.remedies().get(0).conf()).doesNotContainKey("spark.executor.memoryOverhead")
                // 1.5 × (0.2 × 4 GiB) = 1.2 GiB, 0.3 of the heap
                .containsEntry("spark.kubernetes.memoryOverheadFactor", "0.3");
        assertThat(k8s.remedies().get(0).text()).contains(
                "max(384.0 MiB, 0.2 × the 4.0 GiB heap) = 819.2 MiB (spark.kubernetes.memoryOverheadFactor = 0.2 (set by the app))");
    }

    @Test
    void kubernetesExitCode137IsLostForMemory() {
        Finding f = fires(withExecutor(executor("1", 4)
                .removed("The executor with id 1 exited with exit code 137(SIGKILL, possible container OOM).")), LOST, "1");
        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    }

    @Test
    void executorReleasedByDynamicAllocationStaysQuiet() {
        silent(withExecutor(executor("1", 4).removed("Executor killed by driver.")));
    }

    @Test
    void twentyPercentGcIsAWarning() {
        Finding f = fires(withExecutor(executor("1", 4).taskTime(600_000, 120_000)), GC, "1");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Executor 1 spent 20% of its task time in GC");
        // 120 s of GC over 4 cores
        assertThat(f.secondsLost()).isEqualTo(30.0);
        assertThat(evidence(f, "executor.heap.max")).isEqualTo(4.0 * GIB);
        assertThat(conf(f, "spark.executor.memory")).isEqualTo("6g");
    }

    @Test
    void thirtyFivePercentGcOfABusyExecutorsLifeIsCritical() {
        // 4 cores busy for all of the executor's 600 s, 35% of it in GC: 210 s of its life paused
        assertThat(fires(withExecutor(executor("1", 4).taskTime(2_400_000, 840_000)), GC, "1").severity())
                .isEqualTo(Severity.CRITICAL);
    }

    @Test
    void theJvmsOwnGcTimeCountsEachSharedPauseOnce() {
        // four tasks at once each count a pause: 120 s of task GC, but the JVM paused 12 s in all
        Finding f = fires(withExecutor(executor("1", 4).taskTime(600_000, 120_000)
                .peak("MinorGCTime", 9_000).peak("MajorGCTime", 3_000).peak("MajorGCCount", 4)), GC, "1");
        assertThat(f.secondsLost()).isEqualTo(12.0);
        assertThat(evidence(f, "executor.gc.major.count")).isEqualTo(4.0);
        assertThat(f.severity()).as("12 s of a 600 s life").isEqualTo(Severity.INFO);
    }

    @Test
    void gcJustUnderTenPercentStaysQuiet() {
        silent(withExecutor(executor("1", 4).taskTime(600_000, 59_400)));
    }

    @Test
    void halfOfUnderAMinuteOfTasksInGcIsReported() {
        // 29.5 s of task GC over 4 cores: 7.4 s paused, over the 3 s gate; a small share of a 600 s life
        Finding f = fires(withExecutor(executor("1", 4).taskTime(59_000, 29_500)), GC, "1");
        assertThat(f.severity()).isEqualTo(Severity.INFO);
    }

    @Test
    void twoSecondsOfGcStayQuiet() {
        silent(withExecutor(executor("1", 4).taskTime(16_000, 8_000)));
    }

    @Test
    void heapPeakAboveNinetyFivePercentWithCostlyGcIsAWarning() {
        Finding f = fires(withExecutor(executor("1", 4).taskTime(600_000, 6_000).peak("JVMHeapMemory", 3_900 * MIB)
                .peak("MinorGCTime", 1_500)), HEAP, "1");
        assertThat(f.severity()).as("1% GC: a full heap that costs nothing").isEqualTo(Severity.INFO);

        f = fires(withExecutor(executor("1", 4).taskTime(600_000, 72_000).peak("JVMHeapMemory", 3_900 * MIB)
                .peak("MinorGCTime", 1_500)), HEAP, "1", GC);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Executor 1 heap peaked at 3.8 GiB of 4.0 GiB");
        assertThat(f.secondsLost()).isEqualTo(1.5);
        // peak × 1.5
        assertThat(conf(f, "spark.executor.memory")).isEqualTo("5850m");
    }

    @Test
    void heapPeakAtNinetyFourPercentStaysQuiet() {
        silent(withExecutor(executor("1", 4).peak("JVMHeapMemory", 3_880 * MIB)));
    }

    private static Snapshots.ExecutorBuilder rss(long jvmMib, long pythonMib) {
        return executor("1", 4).peak("ProcessTreeJVMRSSMemory", jvmMib * MIB).peak("ProcessTreePythonRSSMemory", pythonMib * MIB);
    }

    @Test
    void processesAtNinetyThreePercentOfTheContainerAreAWarning() {
        Finding f = fires(withExecutor(rss(3_900, 300)), CONTAINER, "1");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Executor 1 processes used 4.1 GiB of a 4.4 GiB container");
        assertThat(evidence(f, "executor.rss.python")).isEqualTo(300.0 * MIB);
        // never less than today's 409.6 MiB: 1.5 × it beats the 104 MiB × 1.25 of non-heap RSS
        assertThat(conf(f, "spark.executor.memoryOverhead")).isEqualTo("615m");
    }

    @Test
    void processesAboveTheContainerLimitAreCritical() {
        Finding f = fires(withExecutor(rss(4_000, 1_000)), CONTAINER, "1");
        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        // non-heap RSS 904 MiB × 1.25 = 1130 MiB
        assertThat(conf(f, "spark.executor.memoryOverhead")).isEqualTo("1130m");
    }

    @Test
    void processesAtEightyNinePercentStayQuiet() {
        silent(withExecutor(rss(3_700, 300)));
    }

    @Test
    void theLocalModeDriverHasNoContainer() {
        quiet(Snapshots.app().conf("spark.master", "local[4]").executors(executor("driver", 4)
                .peak("ProcessTreeJVMRSSMemory", 2_400 * MIB)), CONTAINER);
    }
}
