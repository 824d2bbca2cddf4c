package dev.sparkdoc.signals;

import dev.sparkdoc.account.WhatIf;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;

/**
 * {@code spark.task.cpus} above 1: each task holds that many cores, so an executor runs its cores
 * over it at once ({@code local[2]} with 2 runs one task at a time). Right for tasks that use the
 * cores themselves (multi-threaded native code, a GPU's feeding); for ordinary tasks the other
 * cores sit idle. What it cost is the what-if with every core a slot, on the same executors.
 */
final class TaskCpus {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    static final Fact TASK_CPUS = FACTS.count("config.taskCpus", "spark.task.cpus: the cores each task holds");
    static final Fact SAVED = FACTS.seconds("app.taskCpus.saved",
            "wall time the replay saves with spark.task.cpus = 1 on the same executors (every core a slot); absent at 1");
    static final Fact SAVED_SHARE = FACTS.fraction("app.taskCpus.savedShare", "app.taskCpus.saved as a share of the app's wall time");
    static final Fact HOW = FACTS.text("app.taskCpus.how", "the replay with spark.task.cpus = 1 in words: slots, estimated and recorded wall");

    private TaskCpus() {
    }

    static void compute(AppContext ctx, FactSink sink) {
        if (!ctx.hasConfig()) {
            return;
        }
        int taskCpus = (int) Math.max(1, ctx.settings().number("spark.task.cpus"));
        sink.put(TASK_CPUS, taskCpus);
        if (taskCpus == 1) {
            return;
        }
        // a replay that misses the recorded run is no ground for a finding
        WhatIf.oneCorePerTask(ctx.snapshot(), ctx.now(), ctx::slotsOf, ctx.slots(), taskCpus).filter(WhatIf::reliable)
                .ifPresent(w -> sink.put(SAVED, w.savedMs() / 1000.0)
                        .put(SAVED_SHARE, w.recordedWallMs() <= 0 ? 0 : (double) w.savedMs() / w.recordedWallMs())
                        .text(HOW, w.recordedExecutors() * w.recordedCores() + " slot(s) instead of " + w.slots() + ": ~"
                                + DurationFormat.of(w.recordedWallMs()) + " where ~" + DurationFormat.of(w.estimateWallMs())
                                + " would do"));
    }
}
