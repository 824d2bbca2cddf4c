package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import java.util.List;

/**
 * The application's executors and slots, read once for every front end that counts them (the
 * triage header, the live header, the facts rules print): the executors the log or driver listed
 * (one per ExecutorAdded), those alive now, those removed, the slots alive now and the most that
 * were alive at once. An application whose executors came and went (dynamic allocation, lost
 * executors replaced) ends with fewer slots than its stages ran on: "4 slots" at the end of an
 * app whose stages ran on 10 says the end, and {@code slotsPeak} says the 10.
 *
 * @param added     executors other than the driver the source listed, alive or not
 * @param alive     of those, the ones alive at the snapshot
 * @param slotsNow  {@link AppContext#slots()}: the slots alive now (all the executors' when none is)
 * @param slotsPeak the most slots alive at once over the app's life, at least {@code slotsNow}
 *                  when executors are alive
 * @param local     local mode: no executor but the driver, whose cores are the slots
 */
public record ExecutorCounts(int added, int alive, int slotsNow, int slotsPeak, boolean local) {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    static final Fact ADDED = FACTS.count("app.executors.added", "executors the application had, alive or removed, driver excluded (one per ExecutorAdded)");
    static final Fact REMOVED = FACTS.count("app.executors.removed", "executors removed by the snapshot's time (ExecutorRemoved: lost, killed or released)");
    static final Fact SLOTS_PEAK = FACTS.count("app.slots.peak",
            "the most task slots alive at once over the application's life; above app.slots when executors went before the end");

    /** Executors removed by the snapshot's time. */
    public int removed() {
        return added - alive;
    }

    /** The executors' counts of a snapshot alone (the live header has no slots to show). */
    public static ExecutorCounts of(AppSnapshot snapshot) {
        List<Executor> workers = workers(snapshot);
        int alive = (int) workers.stream().filter(Executor::active).count();
        return new ExecutorCounts(workers.size(), alive, 0, 0, local(snapshot));
    }

    public static ExecutorCounts of(AppContext ctx) {
        ExecutorCounts c = of(ctx.snapshot());
        int peak = Math.max(SlotTime.peakSlots(ctx, Long.MIN_VALUE, Long.MAX_VALUE), c.alive() > 0 ? ctx.slots() : 0);
        return new ExecutorCounts(c.added(), c.alive(), ctx.slots(), peak, c.local());
    }

    static void compute(AppContext ctx, FactSink sink) {
        ExecutorCounts c = of(ctx);
        sink.put(ADDED, c.added()).put(REMOVED, c.removed()).put(SLOTS_PEAK, c.slotsPeak());
    }

    private static List<Executor> workers(AppSnapshot s) {
        return s.executors().stream().filter(e -> !e.isDriver()).toList();
    }

    private static boolean local(AppSnapshot s) {
        return workers(s).isEmpty() && s.executors().stream().anyMatch(e -> e.isDriver() && e.totalCores() > 0);
    }
}
