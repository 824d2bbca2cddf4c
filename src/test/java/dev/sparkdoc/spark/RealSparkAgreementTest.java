package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.source.rest.SummaryWorth;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real Spark 4.0.1 application read three ways: live over REST while it runs, live again
 * once its jobs are done, and from its event log after it stopped. The final live snapshot and
 * the event-log snapshot must tell the same story, and both must match what a SparkListener in
 * the same JVM saw ({@link TaskLedger}).
 */
@RealSpark
class RealSparkAgreementTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String DESCRIPTION = "agreement: multi-stage join";

    @TempDir
    Path logs;

    @Test
    void liveRestAndEventLogAgreeOnARealMultiStageJoin() {
        AppSnapshot finalLive;
        AppSnapshot fromLog;
        TaskLedger ledger;
        String appId;
        long t0 = System.nanoTime();
        try (LocalSpark spark = LocalSpark.builder().appName("sparkdoc agreement")
                .eventLog(logs, EventLogFormat.spark4Default()).start();
             TaskGate gate = TaskGate.shut();
             RestSource rest = new RestSource(new Target.Http(URI.create(spark.uiUrl() + "/")), AppSelector.ANY,
                     HttpOptions.DEFAULT)) {
            appId = spark.appId();
            ledger = spark.ledger();
            BackgroundJob job = BackgroundJob.start(spark.session(), DESCRIPTION, SparkWorkloads::gatedMultiStageJoin);
            Await.until("both task slots hold a gated task", PATIENCE, () -> gate.waiting() == 2);
            spark.awaitListenersIdle();

            AppSnapshot running = Await.value("the live UI shows an active stage", PATIENCE, rest::read,
                    s -> s.stages().stream().anyMatch(st -> st.status() == StageStatus.ACTIVE));
            assertRunning(running, appId);

            gate.open();
            assertThat(job.await(PATIENCE)).isEqualTo(SparkWorkloads.JOIN_KEYS);
            spark.awaitListenersIdle();
            finalLive = rest.read();
            assertThat(finalLive.source().kind()).isEqualTo(SourceKind.LIVE);
            assertThat(finalLive.source().complete()).as("the app still runs").isFalse();
            assertThat(finalLive.stages()).noneMatch(st -> st.status() == StageStatus.ACTIVE);

            Path log = spark.stop();
            fromLog = new EventLogSource(log).read();
        }
        System.err.printf("RealSparkAgreementTest: %d jobs, %d stage attempts, %d tasks; whole run %d ms%n",
                fromLog.jobs().size(), fromLog.stages().size(), ledger.taskEnds().size(), (System.nanoTime() - t0) / 1_000_000);

        assertThat(fromLog.source().kind()).isEqualTo(SourceKind.EVENTLOG);
        assertThat(fromLog.source().complete()).as("a stopped app's log is complete").isTrue();
        assertSameApplication(finalLive, fromLog, appId);
        assertSameJobs(finalLive, fromLog, ledger);
        assertSameStages(finalLive, fromLog, ledger);
        assertSameExecutors(finalLive, fromLog);
    }

    private static void assertRunning(AppSnapshot live, String appId) {
        assertThat(live.source().kind()).isEqualTo(SourceKind.LIVE);
        assertThat(live.source().complete()).isFalse();
        assertThat(live.application().id()).isEqualTo(appId);
        assertThat(live.application().completed()).isFalse();
        assertThat(live.stages()).filteredOn(st -> st.status() == StageStatus.ACTIVE).isNotEmpty();
        assertThat(live.jobs()).filteredOn(j -> j.status() == JobStatus.RUNNING)
                .anySatisfy(j -> assertThat(j.description()).hasValue(DESCRIPTION));
        // both local[2] slots hold a task waiting at the gate; Spark's own duration for a
        // running task is stale, so sparkdoc's must be now − launch time, above zero
        assertThat(live.stages().stream().flatMap(st -> st.notableTasks().stream()).filter(TaskSample::running))
                .hasSize(2)
                .allSatisfy(t -> {
                    assertThat(t.durationMs()).isPositive();
                    assertThat(t.executorId()).isEqualTo("driver");
                });
    }

    private static void assertSameApplication(AppSnapshot live, AppSnapshot log, String appId) {
        for (AppSnapshot s : new AppSnapshot[] {live, log}) {
            assertThat(s.application().id()).as(s.source().kind() + " app id").isEqualTo(appId);
            assertThat(s.application().name()).as(s.source().kind() + " app name").isEqualTo("sparkdoc agreement");
            assertThat(s.application().sparkVersion()).as(s.source().kind() + " Spark version").hasValue("4.0.1");
        }
        assertThat(log.application().completed()).isTrue();
    }

    private static void assertSameJobs(AppSnapshot live, AppSnapshot log, TaskLedger ledger) {
        assertThat(jobIds(live)).as("jobs, live").isEqualTo(ledger.jobIds());
        assertThat(jobIds(log)).as("jobs, event log").isEqualTo(ledger.jobIds());
        for (Job liveJob : live.jobs()) {
            Job logJob = log.job(liveJob.jobId()).orElseThrow();
            assertThat(logJob.status()).as("job %d status", liveJob.jobId()).isEqualTo(liveJob.status())
                    .isEqualTo(JobStatus.SUCCEEDED);
            assertThat(logJob.description()).as("job %d description", liveJob.jobId()).isEqualTo(liveJob.description());
            assertThat(logJob.stageIds()).as("job %d stages", liveJob.jobId()).containsExactlyInAnyOrderElementsOf(liveJob.stageIds());
        }
    }

    private static void assertSameStages(AppSnapshot live, AppSnapshot log, TaskLedger ledger) {
        Map<TaskLedger.StageKey, Stage> liveStages = byKey(live);
        Map<TaskLedger.StageKey, Stage> logStages = byKey(log);
        assertThat(logStages.keySet()).as("stage attempts").isEqualTo(liveStages.keySet());
        // skipped stages are listed but never submitted, so the ledger holds a subset
        assertThat(liveStages.keySet()).containsAll(ledger.submittedStages());

        for (TaskLedger.StageKey key : liveStages.keySet()) {
            Stage a = liveStages.get(key);
            Stage b = logStages.get(key);
            String at = "stage " + key.stageId() + "." + key.attempt();
            assertThat(b.status()).as(at + " status").isEqualTo(a.status());
            long[] truth = ledger.sortedDurations(key.stageId(), key.attempt());
            assertThat(a.tasks().completed()).as(at + " completed tasks, live").isEqualTo(truth.length);
            assertThat(b.tasks().completed()).as(at + " completed tasks, log").isEqualTo(truth.length);
            assertThat(b.totals().shuffleReadBytes()).as(at + " shuffle read").isEqualTo(a.totals().shuffleReadBytes())
                    .isEqualTo(ledger.taskEnds(key.stageId(), key.attempt()).stream().mapToLong(TaskLedger.TaskEnd::shuffleReadBytes).sum());
            assertThat(b.totals().shuffleWriteBytes()).as(at + " shuffle write").isEqualTo(a.totals().shuffleWriteBytes())
                    .isEqualTo(ledger.taskEnds(key.stageId(), key.attempt()).stream().mapToLong(TaskLedger.TaskEnd::shuffleWriteBytes).sum());
            if (truth.length > 0 && a.quantiles().isPresent()) {
                assertDurations(at, a, b, truth);
            } else if (truth.length > 0) {
                // a polite poll reads a finished stage's summary only where a slow tail could hide:
                // a stage without one must be one the policy skips, judged from the stage list
                Optional<Long> wall = a.completionTime().flatMap(end -> a.submissionTime().map(start -> end.toEpochMilli() - start.toEpochMilli()));
                assertThat(SummaryWorth.worth(a.tasks().completed(), a.tasks().total(), wall, a.totals().executorRunTimeMs(), 2))
                        .as(at + ": no live quantiles, so not worth a summary").isFalse();
                assertDurations(at, b, truth);
            }
        }
    }

    /**
     * Max must match exactly. Medians may differ by method: Spark's REST taskSummary takes the
     * task at index floor(0.5·n) (the upper median; AppStatusStore.taskSummary), an event-log
     * reader may interpolate. Both are right if they lie between the lower and upper median of
     * the real durations, give or take 5 ms or 5%.
     */
    private static void assertDurations(String at, Stage live, Stage log, long[] truth) {
        Quantiles a = live.quantiles().orElseThrow(() -> new AssertionError(at + ": no live quantiles")).get(TaskMetric.DURATION);
        assertThat(a.max()).as(at + " max duration, live").isEqualTo(truth[truth.length - 1]);
        assertThat(a.p50()).as(at + " median duration, live").isBetween(lowerMedian(truth), upperMedian(truth));
        assertDurations(at, log, truth);
    }

    /** The event log's quantiles against the listener's own durations. */
    private static void assertDurations(String at, Stage log, long[] truth) {
        Quantiles b = log.quantiles().orElseThrow(() -> new AssertionError(at + ": no event-log quantiles")).get(TaskMetric.DURATION);
        assertThat(b.max()).as(at + " max duration, log").isEqualTo(truth[truth.length - 1]);
        assertThat(b.p50()).as(at + " median duration, log").isBetween(lowerMedian(truth), upperMedian(truth));
    }

    private static double lowerMedian(long[] truth) {
        return truth[(truth.length - 1) / 2] - slack(truth);
    }

    private static double upperMedian(long[] truth) {
        return truth[truth.length / 2] + slack(truth);
    }

    private static double slack(long[] truth) {
        return Math.max(5, 0.05 * truth[truth.length / 2]);
    }

    private static void assertSameExecutors(AppSnapshot live, AppSnapshot log) {
        // local mode: the driver is the only executor
        assertThat(live.executors()).extracting(Executor::id).containsExactly("driver");
        assertThat(log.executors()).extracting(Executor::id).containsExactly("driver");
    }

    private static Set<Integer> jobIds(AppSnapshot s) {
        return s.jobs().stream().map(Job::jobId).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Map<TaskLedger.StageKey, Stage> byKey(AppSnapshot s) {
        return s.stages().stream().collect(Collectors.toMap(st -> new TaskLedger.StageKey(st.stageId(), st.attemptId()),
                Function.identity(), (x, y) -> x, TreeMap::new));
    }
}
