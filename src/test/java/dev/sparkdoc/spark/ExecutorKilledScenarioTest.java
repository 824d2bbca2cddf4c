package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.Stage;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An executor JVM killed (SIGKILL) in the middle of a shuffle, on a real standalone cluster:
 * {@code local-cluster[2,1,1024]} with real executor JVMs ({@link LocalSpark.Builder#realExecutors()}),
 * no external shuffle service. Both executors write map output; while the first two reducers
 * hold at a gate (six more still to start), the test kills one executor. Its map output is gone,
 * so the reducers that start afterwards fail with FetchFailed, Spark resubmits the map stage
 * (attempt 1) and then the rest of the reduce stage. Live over REST once the job finished, and
 * from the event log, sparkdoc's first finding at warning or above names the lost shuffle output
 * and the executor lost; not memory, which nothing in the evidence shows.
 *
 * <p>Every step waits for the state it needs (both map tasks running, one per executor; both
 * first reducers done reading), so the kill lands at the same point on a fast or a slow machine.
 */
@RealSpark
class ExecutorKilledScenarioTest {

    @TempDir
    Path logs;

    @TempDir
    Path gates;

    @Test
    void anExecutorKilledMidShuffleIsNamedAsLostShuffleOutputNotMemory() throws Exception {
        FileGate gate = new FileGate(gates);
        String[] victim = new String[1];
        ScenarioTriage t = ScenarioTriage.run("executor killed mid-shuffle",
                // Spark's own fetch settings: a fetch from an executor the driver knows is dead fails at
                // once (ExecutorDeadException), without the 3 retries 5 s apart
                LocalSpark.builder().master("local-cluster[2,1,1024]").realExecutors(),
                logs, s -> FailureWorkloads.heldShuffle(s, gate), rest -> victim[0] = killOneExecutorMidReduce(gate));

        assertThat(t.result()).as("every row counted once, after the rerun").isEqualTo(FailureWorkloads.SHUFFLE_ROWS);
        for (Diagnosis d : t.both()) {
            System.err.println(t.describe(d));
        }
        t.assertFirst("executor-memory");
        for (Diagnosis d : t.both()) {
            Finding first = d.atLeast(Severity.WARNING).get(0);
            assertThat(first.rule()).as(t.describe(d)).isEqualTo("executor-memory.shuffle-lost");
            // the retry recovered the map output and the job succeeded: a warning, not critical
            assertThat(first.severity()).as(t.describe(d)).isEqualTo(Severity.WARNING);
            assertThat(first.title()).as(t.describe(d)).contains("executors lost: " + victim[0] + " (");
            // a SIGKILL from outside is not memory: no finding may claim it
            assertThat(d.findings()).as(t.describe(d)).noneMatch(f -> f.rule().equals("executor-memory.lost-for-memory")
                    || f.rule().equals("executor-memory.task-oom"));
            // the rerun: a map stage attempt 1, and the time it cost is within the application's
            var app = d.snapshot().application();
            double appSeconds = Duration.between(app.startTime(), app.endTime().orElse(d.snapshot().takenAt())).toMillis() / 1000.0;
            List<Stage> retried = d.snapshot().stages().stream().filter(st -> st.attemptId() > 0).toList();
            assertThat(retried).as(t.describe(d)).isNotEmpty();
            assertThat(first.evidence()).as(t.describe(d)).anySatisfy(e -> {
                assertThat(e.fact()).isEqualTo("app.stages.retried");
                assertThat(e.value()).isGreaterThanOrEqualTo(1);
            });
            assertThat(first.evidence()).as(t.describe(d)).anySatisfy(e -> {
                assertThat(e.fact()).isEqualTo("app.recompute.secondsLost");
                assertThat(e.value()).isPositive().isLessThanOrEqualTo(appSeconds);
            });
            assertThat(first.secondsLost()).as(t.describe(d)).isPositive().isLessThanOrEqualTo(appSeconds);
        }
    }

    /**
     * Waits until each executor runs a map task (so each holds map output) and then until the
     * first two reducers, one per executor, have read their input; kills the executor JVM of the
     * first, waits until the driver removed it, and lets the reducers go. Returns its id.
     */
    private static String killOneExecutorMidReduce(FileGate gate) {
        Duration patience = ScenarioTriage.PATIENCE;
        Await.until("one map task waiting on each executor", patience, () -> executors(gate.waiting("map")).size() == 2);
        gate.open("map");
        List<FileGate.Waiting> reducers = Await.value("one reducer waiting on each executor", patience,
                () -> gate.waiting("reduce"), w -> executors(w).size() == 2);
        FileGate.Waiting first = reducers.stream().min(java.util.Comparator.comparing(FileGate.Waiting::executorId)).orElseThrow();
        Map<String, ProcessHandle> processes = LocalSpark.executorProcesses();
        ProcessHandle jvm = processes.get(first.executorId());
        assertThat(jvm).as("executor JVMs of this test: %s", processes.keySet()).isNotNull();
        assertThat(jvm.pid()).as("the pid the reducer wrote").isEqualTo(first.pid());

        Set<String> removed = ConcurrentHashMap.newKeySet();
        SparkContext.getOrCreate().addSparkListener(new SparkListener() {
            @Override
            public void onExecutorRemoved(SparkListenerExecutorRemoved e) {
                removed.add(e.executorId());
            }
        });
        jvm.destroyForcibly();
        try {
            jvm.onExit().get(patience.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("executor " + first.executorId() + " did not die", e);
        }
        Await.until("the driver removed executor " + first.executorId(), patience, () -> removed.contains(first.executorId()));
        System.err.printf("ExecutorKilledScenarioTest: killed executor %s (pid %d) holding reducer of partition %d%n",
                first.executorId(), first.pid(), first.partition());
        gate.open("reduce");
        return first.executorId();
    }

    private static Set<String> executors(List<FileGate.Waiting> waiting) {
        return waiting.stream().map(FileGate.Waiting::executorId).collect(Collectors.toSet());
    }
}
