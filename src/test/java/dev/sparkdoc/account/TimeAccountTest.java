package dev.sparkdoc.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.model.TaskSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Hand-built applications whose account is worked out by hand: one executor of 4 slots, stages
 * of equal or known tasks, each test one shape of lost time. All times in seconds after T0.
 */
class TimeAccountTest {

    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void twoWavesOfEqualTasksOnTooFewSlotsLeaveTheLastWavesEmptySlotsIdle() {
        // 6 tasks of 10 s on 4 slots: two waves, [10, 30]; the second wave fills 2 of 4 slots
        TimeAccount a = account(40, List.of(executor(0, 40)), stage(0, 10, 10, 30, 6, 60_000));

        assertThat(a.wallMs()).isEqualTo(40_000);
        assertThat(a.ms(Cause.STAGES_RUNNING)).isEqualTo(20_000);
        assertThat(a.ms(Cause.DRIVER_ONLY)).isEqualTo(20_000);
        assertThat(a.ms(Cause.WAITING)).isZero();
        assertThat(a.slotMs()).isEqualTo(160_000);
        assertThat(a.ms(Cause.COMPUTE)).isEqualTo(60_000);
        assertThat(a.ms(Cause.IDLE_LAST_WAVE)).isEqualTo(20_000);
        assertThat(a.ms(Cause.IDLE_TAIL)).isZero();
        assertThat(a.ms(Cause.IDLE_NO_JOB)).isEqualTo(80_000);
    }

    @Test
    void aGapBetweenJobsIsDriverOnlyTimeAndItsExecutorsSitIdle() {
        TimeAccount a = account(70, List.of(executor(0, 70)),
                stage(0, 10, 10, 20, 4, 40_000), stage(1, 50, 50, 60, 4, 40_000));

        assertThat(a.ms(Cause.STAGES_RUNNING)).isEqualTo(20_000);
        assertThat(a.ms(Cause.DRIVER_ONLY)).isEqualTo(50_000);
        assertThat(a.ms(Cause.COMPUTE)).isEqualTo(80_000);
        assertThat(a.ms(Cause.IDLE_NO_JOB)).isEqualTo(200_000);
        assertThat(a.share(Cause.IDLE_NO_JOB)).isCloseTo(200.0 / 280, within(1e-9));
    }

    @Test
    void aStageWithALongTailLeavesTheOtherSlotsIdleUntilItsLastTaskEnds() {
        // 4 tasks on 4 slots: three of 5 s, one of 30 s
        TimeAccount a = account(30, List.of(executor(0, 30)), stage(0, 0, 0, 30, 4, 45_000));

        assertThat(a.ms(Cause.STAGES_RUNNING)).isEqualTo(30_000);
        assertThat(a.ms(Cause.COMPUTE)).isEqualTo(45_000);
        assertThat(a.ms(Cause.IDLE_TAIL)).isEqualTo(75_000);
        assertThat(a.ms(Cause.IDLE_FEW_TASKS)).isZero();
        assertThat(a.part(Cause.IDLE_TAIL).orElseThrow().scope()).isEqualTo("stage 0.0");
    }

    @Test
    void failedAttemptsTakeTheirOwnRunTimeOutOfCompute() {
        // 4 tasks of 10 s succeeded; 2 attempts failed after 5 s each (their metrics are in the stage's sums)
        Stage stage = withFailures(stage(0, 0, 0, 20, 4, 50_000), 2, 5_000);
        TimeAccount a = account(20, List.of(executor(0, 20)), stage);

        assertThat(a.ms(Cause.FAILED)).isEqualTo(10_000);
        assertThat(a.ms(Cause.COMPUTE)).isEqualTo(40_000);
        assertThat(a.ms(Cause.IDLE_TAIL)).isEqualTo(30_000);
    }

    @Test
    void noExecutorsForTheFirstThirtySecondsIsWaitingWithNoSlotOffered() {
        // the job is submitted at 5 s; the executor registers at 30 s and the first task launches then
        TimeAccount a = account(60, List.of(executor(30, 60)), stage(0, 5, 30, 40, 4, 40_000));

        assertThat(a.ms(Cause.WAITING)).isEqualTo(25_000);
        assertThat(a.ms(Cause.STAGES_RUNNING)).isEqualTo(10_000);
        assertThat(a.ms(Cause.DRIVER_ONLY)).isEqualTo(25_000);
        assertThat(a.slotMs()).isEqualTo(120_000);
        assertThat(a.ms(Cause.IDLE_WAITING)).isZero();
        assertThat(a.ms(Cause.COMPUTE)).isEqualTo(40_000);
        assertThat(a.ms(Cause.IDLE_NO_JOB)).isEqualTo(80_000);
    }

    @Test
    void aStageOfOneTaskLeavesTheOtherSlotsIdleForLackOfTasks() {
        TimeAccount a = account(10, List.of(executor(0, 10)), stage(0, 0, 0, 10, 1, 10_000));

        assertThat(a.ms(Cause.IDLE_FEW_TASKS)).isEqualTo(30_000);
        assertThat(a.ms(Cause.COMPUTE)).isEqualTo(10_000);
    }

    @Test
    void anAppWithoutAKnownStartOrAnyEventHasNoAccount() {
        AppSnapshot s = snapshot(T0.plusSeconds(10), Instant.EPOCH, List.of(), List.of());

        assertThat(TimeAccount.of(s, T0, Executor::totalCores, 1)).isEmpty();
    }

    @Test
    void perfectParallelismSpreadsTheWorkOverEverySlotButNoStageEndsBeforeItsSlowestTask() {
        // 6 tasks of 10 s on 4 slots in [10, 30]: 60 s of work over 4 slots is 15 s; the slowest task 10 s
        TimeAccount a = account(40, List.of(executor(0, 40)), withSlowestTask(stage(0, 10, 10, 30, 6, 60_000), 10_000));

        assertThat(a.criticalPathMs()).isEqualTo(20_000 + 10_000);
        assertThat(a.idealMs()).isEqualTo(20_000 + 15_000);
    }

    @Test
    void stagesThatRanOneAfterAnotherChainOnTheCriticalPathAndOverlappingOnesDoNot() {
        // 0 and 1 overlap (branches of a join); 2 runs after both
        TimeAccount a = account(30, List.of(executor(0, 30)), withSlowestTask(stage(0, 0, 0, 10, 4, 20_000), 8_000),
                withSlowestTask(stage(1, 0, 0, 12, 4, 20_000), 9_000), withSlowestTask(stage(2, 12, 12, 30, 4, 20_000), 5_000));

        assertThat(a.criticalPathMs()).isEqualTo(9_000 + 5_000);
    }

    @Test
    void theSchemaNamesEveryCause() throws java.io.IOException {
        var schema = new com.fasterxml.jackson.databind.ObjectMapper().readTree(java.nio.file.Path.of("docs/triage.schema.json").toFile());
        List<String> causes = new ArrayList<>();
        schema.at("/properties/timeAccount/properties/parts/items/properties/cause/enum").forEach(n -> causes.add(n.asText()));

        assertThat(causes).containsExactly(java.util.Arrays.stream(Cause.values()).map(Cause::id).toArray(String[]::new));
    }

    @Test
    void aStageWithItsTasksMetricsMeasuresEveryPart() {
        TimeAccount a = account(40, List.of(executor(0, 40)), stage(0, 10, 10, 30, 6, 60_000));

        assertThat(a.parts()).allSatisfy(p -> assertThat(p.measured()).as(p.cause().id()).isTrue());
    }

    @Test
    void aStageListedWithoutItsTasksMetricsLeavesTheTasksPartsUnknownNotZero() {
        // 6 tasks ended, no run time, no summary, no sample: what the tasks did is not known
        TimeAccount a = account(40, List.of(executor(0, 40)), stage(0, 10, 10, 30, 6, 0));

        assertThat(a.measured(Cause.STAGES_RUNNING)).as("the stages' own times say the wall parts").isTrue();
        assertThat(a.measured(Cause.IDLE_NO_JOB)).as("no task is needed for idle time outside stages").isTrue();
        for (Cause c : List.of(Cause.COMPUTE, Cause.GC, Cause.FETCH_WAIT, Cause.FAILED, Cause.IDLE_TAIL, Cause.IDLE_LAST_WAVE)) {
            assertThat(a.measured(c)).as(c.id()).isFalse();
        }
    }

    @Test
    void executorsReportingOverTwiceTheStagesTaskTimeMeanTheStagesAreAPartOfTheWorkOnly() {
        Stage sixtySeconds = stage(0, 10, 10, 30, 6, 60_000);
        // a History Server that kept the last stages only: the executors ran 500 s of tasks
        TimeAccount partial = account(40, List.of(executor(0, 40, 500_000)), sixtySeconds);
        assertThat(partial.measured(Cause.GC)).isFalse();
        assertThat(partial.measured(Cause.WAITING)).isTrue();
        // task duration over run time (delay, results) is no gap: 70 s against 60 s of run time
        TimeAccount whole = account(40, List.of(executor(0, 40, 70_000)), sixtySeconds);
        assertThat(whole.measured(Cause.GC)).isTrue();
    }

    @Test
    void whileTasksRunTheirGcIsNotKnownYet() {
        Stage done = stage(0, 10, 10, 30, 6, 60_000);
        Stage running = new Stage(1, 0, StageStatus.ACTIVE, "stage 1", Optional.empty(), "", List.of(1), new TaskCounts(4, 2, 2, 0, 0, 0),
                Optional.of(at(30)), Optional.of(at(30)), Optional.empty(), Optional.empty(), done.totals(), Optional.empty(), List.of(),
                List.of());
        TimeAccount a = account(40, List.of(executor(0, 40)), done, running);

        assertThat(a.measured(Cause.GC)).isFalse();
        assertThat(a.measured(Cause.FETCH_WAIT)).isFalse();
        assertThat(a.measured(Cause.COMPUTE)).as("the ended tasks' metrics are there").isTrue();
    }

    private static TimeAccount account(long endS, List<Executor> executors, Stage... stages) {
        AppSnapshot s = snapshot(at(endS), T0, executors, List.of(stages));
        return TimeAccount.of(s, at(endS), Executor::totalCores, 1).orElseThrow();
    }

    private static AppSnapshot snapshot(Instant end, Instant start, List<Executor> executors, List<Stage> stages) {
        List<Job> jobs = new ArrayList<>();
        for (Stage st : stages) {
            jobs.add(new Job(st.stageId(), "job", Optional.empty(), Optional.empty(), JobStatus.SUCCEEDED, st.submissionTime(),
                    st.completionTime(), List.of(st.stageId()), st.tasks(), 0, 1, 0, 0, Optional.empty(), Optional.empty()));
        }
        Application app = new Application("app-1", "test", Optional.of("3.5.1"), "alice", Optional.empty(), start,
                Optional.of(end), true, List.of());
        return new AppSnapshot(SourceInfo.of(SourceKind.EVENTLOG, "test", true), app, jobs, stages, executors, List.of(),
                new Environment(Optional.of("17"), Optional.empty(), Map.of(), Map.of()), end);
    }

    /** A stage submitted at {@code submitS}, its first task launched at {@code launchS}, done at {@code endS}. */
    private static Stage stage(int id, long submitS, long launchS, long endS, int tasks, long runMs) {
        StageTotals totals = new StageTotals(runMs, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        return new Stage(id, 0, StageStatus.COMPLETE, "stage " + id, Optional.empty(), "", List.of(id),
                new TaskCounts(tasks, 0, tasks, 0, 0, 0), Optional.of(at(submitS)), Optional.of(at(launchS)), Optional.of(at(endS)),
                Optional.empty(), totals, Optional.empty(), List.of(), List.of());
    }

    private static Stage withSlowestTask(Stage s, long ms) {
        var q = new dev.sparkdoc.model.TaskQuantiles(s.tasks().completed(), true,
                Map.of(dev.sparkdoc.model.TaskMetric.DURATION, new dev.sparkdoc.model.Quantiles(ms, ms, ms, ms, ms)));
        return new Stage(s.stageId(), s.attemptId(), s.status(), s.name(), s.description(), s.details(), s.jobIds(), s.tasks(),
                s.submissionTime(), s.firstTaskLaunchedTime(), s.completionTime(), s.failureReason(), s.totals(), Optional.of(q),
                s.notableTasks(), s.failures());
    }

    private static Stage withFailures(Stage s, int failed, long eachMs) {
        List<TaskSample> samples = new ArrayList<>();
        for (int i = 0; i < failed; i++) {
            samples.add(new TaskSample(100 + i, i, 0, i, "1", "host-1", "FAILED", false, s.firstTaskLaunchedTime().orElseThrow(),
                    eachMs, eachMs, 0, 0, 0, 0, 0, Optional.of("ExceptionFailure: boom")));
        }
        var t = s.tasks();
        return new Stage(s.stageId(), s.attemptId(), s.status(), s.name(), s.description(), s.details(), s.jobIds(),
                new TaskCounts(t.total(), t.active(), t.completed(), failed, t.killed(), t.skipped()), s.submissionTime(),
                s.firstTaskLaunchedTime(), s.completionTime(), s.failureReason(), s.totals(), s.quantiles(), samples, s.failures());
    }

    private static Executor executor(long fromS, long toS) {
        return executor(fromS, toS, 0);
    }

    /** @param taskMs the task time the executor reports (its totalDuration) */
    private static Executor executor(long fromS, long toS, long taskMs) {
        return new Executor("1", "host-1:4040", false, 4, 4, 0, 0, 0, 0, taskMs, 0, 0, 0, 0, 0, 0, 0,
                Optional.of(at(fromS)), Optional.of(at(toS)), Optional.of("finished"), false, Map.of());
    }

    private static Instant at(long seconds) {
        return T0.plusSeconds(seconds);
    }
}
