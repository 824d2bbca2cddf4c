package dev.sparkdoc.signals;

import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskMetric;
import java.util.List;

/**
 * Tiny tasks across the application: many stages each too small to matter alone (30 stages of 200
 * tasks of 9 ms under AQE off) whose scheduling overhead adds up. A stage with 2,000 tasks or more
 * is judged on its own ({@code scheduling.tiny-tasks}), so it is left out here: one cause, one finding.
 *
 * <p>A stage is tiny by its median task duration. A live reading has no quantiles for a short stage
 * (the REST source asks a stage's task summary only when a tail could hide in it, {@code SummaryWorth}),
 * so there the stage's mean task duration stands in, bounded from above by its wall time over the
 * tasks each slot ran: {@code wall × min(slots, tasks) / tasks}. Tiny by that bound is tiny on average.
 */
final class TinyTasks {

    /** Spark's UI and DataFlint call a task under ~200 ms mostly overhead (launch, deserialization, result). */
    static final double TINY_MS = 200;
    /** the stage rule's own gate: those stages have their own finding */
    static final int STAGE_RULE_TASKS = 2000;
    /** fewer tasks than this are not "many": a stage of 4 short tasks is no overhead problem */
    static final int MIN_TASKS = 50;

    private TinyTasks() {
    }

    static void compute(AppContext ctx, FactSink sink) {
        List<Stage> tiny = ctx.snapshot().stages().stream().filter(st -> tiny(st, ctx)).toList();
        double lostMs = 0;
        double shuffleLostMs = 0;
        long tasks = 0;
        int shuffleStages = 0;
        for (Stage st : tiny) {
            int slots = ctx.slots(st);
            long wall = st.durationMs(ctx.now()).orElse(0L);
            double lost = Math.max(0, wall - (double) st.totals().executorRunTimeMs() / slots);
            lostMs += lost;
            tasks += st.tasks().completed();
            if (AqeCoalesce.readsShuffle(st)) {
                shuffleStages++;
                shuffleLostMs += lost;
            }
        }
        sink.put(AppSignals.TINY_TASK_STAGES, tiny.size())
                .put(AppSignals.TINY_TASKS, tasks)
                .put(AppSignals.TINY_TASKS_SECONDS_LOST, lostMs / 1000.0)
                .put(AppSignals.TINY_SHUFFLE_STAGES, shuffleStages)
                .put(AppSignals.TINY_SHUFFLE_SECONDS_LOST, shuffleLostMs / 1000.0);
    }

    private static boolean tiny(Stage st, AppContext ctx) {
        int tasks = st.tasks().total();
        if (st.status() != StageStatus.COMPLETE || tasks < MIN_TASKS || tasks >= STAGE_RULE_TASKS) {
            return false;
        }
        if (st.quantiles().isPresent()) {
            return st.quantiles().get().get(TaskMetric.DURATION).p50() < TINY_MS;
        }
        // no summary read (live, a short stage): the most the mean task can have lasted
        return st.durationMs(ctx.now()).stream()
                .anyMatch(wall -> (double) wall * Math.min(ctx.slots(st), tasks) / tasks < TINY_MS);
    }
}
