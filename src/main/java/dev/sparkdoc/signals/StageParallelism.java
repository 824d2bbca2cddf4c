package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Stage;
import java.util.List;
import java.util.Optional;

/**
 * A stage with fewer tasks than the slots the executors offered while it ran: a
 * {@code repartition(1)} before heavy work, one gzip file, a shuffle merged below the slots. The
 * other slots sit idle unless other stages run on them, and the app's slot use can hide it when
 * its other stages kept every slot busy.
 *
 * <p>What it costs is counted as if the stage's tasks had been even: its work over its tasks
 * against the same work over every slot. A slow task beyond that is the straggler and skew
 * rules' to count, not this one's.
 */
final class StageParallelism {

    static final FactList FACTS = new FactList(ScopeKind.STAGE);
    static final Fact SLOTS_OFFERED = FACTS.count("stage.slotsOffered",
            "slots the executors offered while the stage ran: the most alive at once (executors that came late count from their start)");
    static final Fact SLOTS_MEAN = FACTS.count("stage.slotsOffered.mean",
            "slots alive in the stage's window on average: below stage.slotsOffered when executors came or went while it ran");
    static final Fact IDLE_SLOTS = FACTS.count("stage.fewTasks.idleSlots",
            "slots the stage had no task for: the slots alive on average over its window minus its tasks, when it had fewer tasks than slots");
    static final Fact SECONDS_LOST = FACTS.seconds("stage.fewTasks.secondsLost",
            "how much sooner the stage would end with its work spread over every slot offered, less the slot time other stages used meanwhile");

    /** Shorter stages cannot lose the seconds a rule would care about; they are not measured (a cheap filter on apps of many stages). */
    private static final long MIN_WALL_MS = 5_000;

    private StageParallelism() {
    }

    static void compute(AppContext ctx, Stage stage, FactSink sink) {
        // a retried attempt runs only its missing partitions: few tasks by design
        Optional<long[]> span = SlotTime.span(ctx, stage);
        if (span.isEmpty() || stage.attemptId() > 0 || stage.tasks().total() <= 0) {
            return;
        }
        long start = span.get()[0];
        long end = span.get()[1];
        long wall = end - start;
        if (wall < MIN_WALL_MS) {
            return;
        }
        double offered = SlotTime.offeredMs(ctx, List.of(new long[] {start, end})) / wall;
        int tasks = stage.tasks().total();
        sink.put(SLOTS_OFFERED, Math.max(Math.round(offered), SlotTime.peakSlots(ctx, start, end))).put(SLOTS_MEAN, Math.round(offered));
        if (offered - tasks < 1) {
            sink.put(IDLE_SLOTS, 0).put(SECONDS_LOST, 0);
            return;
        }
        // a running task has run at most the stage's wall so far: with fewer tasks than slots, all started at once
        double own = stage.totals().executorRunTimeMs() + (double) stage.tasks().active() * wall;
        double even = own / tasks * (1 - tasks / offered);
        double idle = offered * wall - own - othersMs(ctx, stage, start, end);
        sink.put(IDLE_SLOTS, Math.floor(offered - tasks))
                .put(SECONDS_LOST, Math.max(0, Math.min(even, idle / offered)) / 1000.0);
    }

    /** Task time other stages ran inside [start, end), each stage's share by the overlap of its window. */
    private static double othersMs(AppContext ctx, Stage stage, long start, long end) {
        double ms = 0;
        for (Stage other : ctx.snapshot().stages()) {
            Optional<long[]> span = SlotTime.span(ctx, other);
            if (other == stage || span.isEmpty()) {
                continue;
            }
            long from = span.get()[0];
            long to = span.get()[1];
            long overlap = Math.min(end, to) - Math.max(start, from);
            if (overlap > 0 && to > from) {
                double work = other.totals().executorRunTimeMs() + (double) other.tasks().active() * (to - from);
                ms += work * overlap / (to - from);
            }
        }
        return ms;
    }
}
