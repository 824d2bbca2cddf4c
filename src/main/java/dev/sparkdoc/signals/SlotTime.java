package dev.sparkdoc.signals;

import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The slot time executors offered over spans of the app's life: the app's busy time, one stage's run. */
final class SlotTime {

    private SlotTime() {
    }

    /** A stage's run as a span ({start, end} epoch ms): submission to completion, or now while it runs; empty when never submitted. */
    static Optional<long[]> span(AppContext ctx, Stage stage) {
        return stage.submissionTime().map(s -> new long[] {s.toEpochMilli(), stage.completionTime().orElse(ctx.now()).toEpochMilli()});
    }

    /** Spans ({start, end} epoch ms) merged where they overlap, in order: time covered once however many stages ran in it. */
    static List<long[]> merged(List<long[]> spans) {
        return dev.sparkdoc.account.Intervals.merged(spans);
    }

    /**
     * Slot-milliseconds offered over {@code spans} ({start, end} epoch ms, not overlapping): each
     * executor's slots over the part of its own life (added to removed, or now) inside them. An
     * app whose executors came and went is judged by the slots it really had, not those alive at
     * its end. Executors with no add time count for the whole span.
     */
    static double offeredMs(AppContext ctx, List<long[]> spans) {
        List<Executor> counted = counted(ctx);
        if (counted.isEmpty()) {
            return (double) ctx.slots() * spans.stream().mapToLong(iv -> iv[1] - iv[0]).sum();
        }
        double capacity = 0;
        for (Executor e : counted) {
            long from = e.addTime().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
            long to = e.removeTime().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
            long alive = 0;
            for (long[] iv : spans) {
                alive += Math.max(0, Math.min(to, iv[1]) - Math.max(from, iv[0]));
            }
            capacity += (double) ctx.slotsOf(e) * alive;
        }
        return capacity;
    }

    /**
     * The most slots alive at once inside [start, end): what the executors offered once all had
     * come. An executor that registered late lowers the average over the span, not this.
     */
    static int peakSlots(AppContext ctx, long start, long end) {
        List<Executor> counted = counted(ctx);
        if (counted.isEmpty()) {
            return ctx.slots();
        }
        int peak = 0;
        for (Executor at : counted) {
            long t = Math.max(start, at.addTime().map(Instant::toEpochMilli).orElse(start));
            if (t >= end || at.removeTime().map(r -> r.toEpochMilli() <= start).orElse(false)) {
                continue;
            }
            int alive = 0;
            for (Executor e : counted) {
                long from = e.addTime().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
                long to = e.removeTime().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
                alive += from <= t && t < to ? ctx.slotsOf(e) : 0;
            }
            peak = Math.max(peak, alive);
        }
        return peak;
    }

    /** The executors whose slots count: the workers, or in local mode the driver. */
    private static List<Executor> counted(AppContext ctx) {
        List<Executor> all = ctx.snapshot().executors();
        List<Executor> workers = all.stream().filter(e -> !e.isDriver()).toList();
        return workers.isEmpty() ? all.stream().filter(Executor::isDriver).toList() : workers;
    }
}
