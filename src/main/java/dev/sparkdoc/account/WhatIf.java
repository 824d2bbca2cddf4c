package dev.sparkdoc.account;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * The application's wall time had it run on other executors: its stages replayed ({@link Schedule})
 * on the slots it had and on the slots asked, the difference taken from the recorded time (so the
 * replay's own error, the same in both, cancels out).
 *
 * @param executors               executors asked (in local mode: the driver's slots as that many times its cores)
 * @param cores                   slots of each executor asked
 * @param recordedExecutors       executors the application had at its peak (1 in local mode: the driver)
 * @param recordedCores           slots of each of them
 * @param local                   true when the application ran in local mode
 * @param recordedWallMs          the application's wall time
 * @param replayWallMs            its replay on the slots it had: how close the replay comes to the record
 * @param estimateWallMs          the wall time estimated with the executors asked
 * @param savedMs                 recorded minus estimated wall time, 0 when they would be slower
 * @param recordedStagesRunningMs the wall time at least one task ran (the account's stagesRunning)
 * @param replayStagesRunningMs   the same in the replay on the slots the app had
 * @param estimateStagesRunningMs the same, estimated
 * @param reliable                the replay on the slots the app had came within 25 % of the recorded
 *                                stages-running time: the slots and durations it read are near the truth
 * @param assumptions             what the estimate takes as given
 */
@JsonPropertyOrder({"executors", "cores", "recordedExecutors", "recordedCores", "local", "recordedWallMs", "replayWallMs",
        "estimateWallMs", "savedMs", "recordedStagesRunningMs", "replayStagesRunningMs", "estimateStagesRunningMs", "reliable",
        "assumptions"})
public record WhatIf(int executors, int cores, int recordedExecutors, int recordedCores, boolean local, long recordedWallMs,
                     long replayWallMs, long estimateWallMs, long savedMs, long recordedStagesRunningMs,
                     long replayStagesRunningMs, long estimateStagesRunningMs, boolean reliable, List<String> assumptions) {

    /**
     * How far the replay on the app's own slots may miss the record and the estimate still be
     * given as one: past it the slots or durations the model holds are not those that ran (a log
     * without executor cores, tasks far longer than their summary says).
     */
    static final double RELIABLE_WITHIN = 0.25;

    static final String ORDER = "each stage's tasks placed longest first on the slot that frees first (task durations are kept"
            + " as a summary per stage, not in launch order; for equal tasks every order gives the same waves)";
    static final String DEPENDENCIES = "a stage starts once every stage that ended before its submission is done, after the"
            + " driver's recorded time since the last of them; jobs keep their recorded submission otherwise";
    static final String KEPT = "driver-only and waiting time as recorded; the executors there from the start";
    static final String SAME_TASKS = "each task as long as it ran: more executors do not make a task faster (nor less spill or GC)";
    static final String NO_RETRIES = "failed and killed attempts not replayed";
    static final String LOCAL = "local mode: executors × cores stand for local[N] with as many slots";

    public WhatIf {
        assumptions = List.copyOf(assumptions);
    }

    /** Slots asked: executors × cores. */
    public int slots() {
        return executors * cores;
    }

    /**
     * The estimate for {@code request}; empty when the application's start is unknown or no stage ran.
     *
     * @param slotsOf     tasks an executor runs at once
     * @param slotsIfNone slots assumed when the source lists no executor
     */
    public static Optional<WhatIf> of(AppSnapshot snapshot, Instant now, ToIntFunction<Executor> slotsOf, int slotsIfNone,
            WhatIfRequest request) {
        Optional<Ledger> ledger = Ledger.of(snapshot, now, slotsOf, slotsIfNone);
        if (ledger.isEmpty()) {
            return Optional.empty();
        }
        long start = ledger.get().startMs();
        long end = ledger.get().endMs();
        List<Schedule.Run> runs = runs(snapshot, start, end);
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        ExecutorLayout had = ExecutorLayout.of(snapshot, slotsOf, slotsIfNone);
        int cores = request.cores().orElse(had.cores());
        long asked = Math.min(WhatIfRequest.MOST, (long) request.executors() * cores);
        Schedule.Result replay = Schedule.replay(runs, had.slots(), end - start);
        Schedule.Result estimate = Schedule.replay(runs, (int) asked, end - start);
        TimeAccount account = ledger.get().account();
        long wall = account.wallMs();
        // no number of executors takes the critical path away
        long estimateWall = Math.max(account.criticalPathMs(), wall + estimate.wallMs() - replay.wallMs());
        long running = account.ms(Cause.STAGES_RUNNING);
        long chain = Math.max(0, account.criticalPathMs() - (wall - running));
        long estimateRunning = Math.max(chain, running + estimate.stagesRunningMs() - replay.stagesRunningMs());
        boolean reliable = Math.abs(replay.stagesRunningMs() - running) <= RELIABLE_WITHIN * running;
        List<String> assumptions = new ArrayList<>(List.of(ORDER, DEPENDENCIES, KEPT, SAME_TASKS, NO_RETRIES));
        if (had.local()) {
            assumptions.add(LOCAL);
        }
        return Optional.of(new WhatIf(request.executors(), cores, had.executors(), had.cores(), had.local(), wall,
                replay.wallMs(), estimateWall, Math.max(0, wall - estimateWall), running, replay.stagesRunningMs(), estimateRunning,
                reliable, assumptions));
    }

    /**
     * The same executors with every core a slot: what {@code spark.task.cpus = 1} would have run,
     * where each task held {@code taskCpus} cores.
     */
    public static Optional<WhatIf> oneCorePerTask(AppSnapshot snapshot, Instant now, ToIntFunction<Executor> slotsOf,
                                                  int slotsIfNone, int taskCpus) {
        ExecutorLayout had = ExecutorLayout.of(snapshot, slotsOf, slotsIfNone);
        long cores = Math.min(WhatIfRequest.MOST, (long) had.cores() * taskCpus);
        return of(snapshot, now, slotsOf, slotsIfNone, new WhatIfRequest(had.executors(), Optional.of((int) cores)));
    }

    /** The stages that ran, as the schedule takes them: times from the app's start, within its window. */
    static List<Schedule.Run> runs(AppSnapshot snapshot, long start, long end) {
        List<Stage> launched = snapshot.stages().stream().filter(Ledger::launched).toList();
        List<long[]> spans = new ArrayList<>();
        List<Stage> kept = new ArrayList<>();
        for (Stage st : launched) {
            long from = clip(st.firstTaskLaunchedTime().or(st::submissionTime).map(Instant::toEpochMilli).orElse(end), start, end);
            long to = clip(st.completionTime().map(Instant::toEpochMilli).orElse(end), start, end);
            if (to > from) {
                spans.add(new long[] {from, to});
                kept.add(st);
            }
        }
        Spans running = Spans.union(spans);
        List<Schedule.Run> runs = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            Stage st = kept.get(i);
            long launch = spans.get(i)[0];
            long submit = Math.min(launch, clip(st.submissionTime().map(Instant::toEpochMilli).orElse(launch), start, end));
            // a wait while other stages ran was for their slots: the replay gives those out itself
            long delay = Math.max(0, launch - submit - running.overlapMs(submit, launch));
            runs.add(new Schedule.Run(submit - start, delay, spans.get(i)[1] - start, durations(st, spans.get(i)[1] - launch)));
        }
        return runs;
    }

    /** The stage's task durations: its summary, else its mean run time, else one task as long as the stage ran. */
    static Schedule.Durations durations(Stage st, long runMs) {
        long tasks = (long) st.tasks().completed() + st.tasks().active();
        if (st.quantiles().isPresent() && tasks > 0) {
            var q = st.quantiles().get().get(TaskMetric.DURATION);
            if (q.max() > 0) {
                return new Schedule.Durations(tasks, q.min(), q.p25(), q.p50(), q.p75(), q.max());
            }
        }
        long ended = (long) st.tasks().completed() + st.tasks().failed() + st.tasks().killed();
        if (tasks > 0 && ended > 0 && st.totals().executorRunTimeMs() > 0) {
            return Schedule.Durations.equal(tasks, (double) st.totals().executorRunTimeMs() / ended);
        }
        return Schedule.Durations.equal(1, runMs);
    }

    private static long clip(long t, long start, long end) {
        return Math.max(start, Math.min(end, t));
    }
}
