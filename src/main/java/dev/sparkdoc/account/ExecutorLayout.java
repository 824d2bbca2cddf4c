package dev.sparkdoc.account;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The executors an application ran with, at their peak: how many were alive at once, the slots
 * each had and all of them together. In local mode the driver is the one executor.
 *
 * @param local true when no executor but the driver ran tasks
 */
record ExecutorLayout(int executors, int cores, int slots, boolean local) {

    static ExecutorLayout of(AppSnapshot snapshot, ToIntFunction<Executor> slotsOf, int slotsIfNone) {
        List<Executor> workers = snapshot.executors().stream().filter(e -> !e.isDriver() && slotsOf.applyAsInt(e) > 0).toList();
        if (workers.isEmpty()) {
            int slots = snapshot.executors().stream().filter(Executor::isDriver).mapToInt(slotsOf).max().orElse(0);
            int local = slots > 0 ? slots : Math.max(1, slotsIfNone);
            return new ExecutorLayout(1, local, local, true);
        }
        int cores = workers.stream().mapToInt(slotsOf).max().orElse(1);
        // peak of executors and slots alive at once: with dynamic allocation they come and go
        List<long[]> changes = new ArrayList<>();
        for (Executor e : workers) {
            changes.add(new long[] {e.addTime().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE), 1, slotsOf.applyAsInt(e)});
            e.removeTime().ifPresent(t -> changes.add(new long[] {t.toEpochMilli(), -1, -slotsOf.applyAsInt(e)}));
        }
        // at one instant, removals first: an executor replacing another is not a second one
        changes.sort(Comparator.<long[]>comparingLong(c -> c[0]).thenComparingLong(c -> c[1]));
        long alive = 0;
        long slots = 0;
        long peakAlive = 0;
        long peakSlots = 0;
        for (long[] c : changes) {
            alive += c[1];
            slots += c[2];
            peakAlive = Math.max(peakAlive, alive);
            peakSlots = Math.max(peakSlots, slots);
        }
        return new ExecutorLayout((int) Math.max(1, peakAlive), cores, (int) Math.max(1, peakSlots), false);
    }
}
