package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Stage;

/**
 * A stage that runs a window with no partitionBy ({@code Window.orderBy(...)} alone, or
 * {@code OVER (ORDER BY ...)}): Spark plans an {@code Exchange SinglePartition} below the Window,
 * warns "No Partition Defined for Window operation! Moving all data to a single partition" in the
 * driver's log only, and the stage runs one task over every row while the other slots idle. The
 * window buffers its whole partition, here all the rows, so the task also spills what a window
 * partitioned by a key (one key's rows at a time) would keep in memory.
 *
 * <p>Its cost is the stage's wall against the same work, less its spill, spread over the slots:
 * a number the other rules split in two (the idle slots, the spill) with one cause.
 */
final class UnpartitionedWindow {

    static final FactList FACTS = new FactList(ScopeKind.STAGE);
    static final Fact UNPARTITIONED = FACTS.flag("stage.window.unpartitioned",
            "the stage is one task running a window with no partitionBy: its query's Window reads an Exchange SinglePartition");
    static final Fact SECONDS_LOST = FACTS.seconds("stage.window.secondsLost",
            "the stage's wall minus its task time less its spill (at 100 MiB/s, written and read) spread over the app's slots: "
                    + "what a window partitioned by a key would save");

    /** Spill is written once and read back once; StageSignals' conservative local-disk rate. */
    private static final double SPILL_BYTES_PER_SECOND = 100.0 * (1 << 20);

    private UnpartitionedWindow() {
    }

    static void compute(PlanGraph plan, Stage stage, long wallMs, int appSlots, FactSink sink) {
        boolean one = stage.tasks().total() == 1 && AqeCoalesce.readsShuffle(stage) && plan.unpartitionedWindow();
        sink.put(UNPARTITIONED, one);
        if (!one || stage.tasks().completed() < 1) {
            return;
        }
        double spillMs = 2.0 * stage.totals().diskBytesSpilled() / SPILL_BYTES_PER_SECOND * 1000;
        double spreadMs = Math.max(0, stage.totals().executorRunTimeMs() - spillMs) / Math.max(1, appSlots);
        sink.put(SECONDS_LOST, Math.max(0, Math.min(wallMs, wallMs - spreadMs)) / 1000.0);
    }
}
