package dev.sparkdoc.signals;

import dev.sparkdoc.account.Cause;
import dev.sparkdoc.account.Intervals;
import dev.sparkdoc.account.TimeAccount;
import dev.sparkdoc.account.Waves;
import dev.sparkdoc.account.WhatIf;
import dev.sparkdoc.account.WhatIfRequest;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import java.util.List;
import java.util.Optional;

/**
 * Waves and idle executors as app facts: stages of even tasks that ran in waves, the replay of
 * the app on the executors that would have removed them ({@link WhatIf}), and the executors'
 * time held while no job ran.
 */
public final class WhatIfSignals {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    public static final Fact WAVE_STAGES = FACTS.count("app.waves.stages",
            "stages whose even tasks (middle half within 25 % of the median, slowest within 50 %) ran in two waves or more"
                    + " on the slots the app had at its peak");
    public static final Fact MOST_WAVES = FACTS.count("app.waves.most", "the most waves one of app.waves.stages ran");
    public static final Fact EXECUTORS_HAD = FACTS.count("app.whatIf.executorsHad",
            "executors alive at once at the app's peak (1 in local mode: the driver)");
    public static final Fact EXECUTORS = FACTS.count("app.whatIf.executors",
            "executors that run the largest of app.waves.stages in one wave, at most twice app.whatIf.executorsHad");
    public static final Fact CORES = FACTS.count("app.whatIf.cores", "slots of each executor in the what-if: as many as the app's had");
    public static final Fact SLOTS = FACTS.count("app.whatIf.slots", "app.whatIf.executors × app.whatIf.cores");
    public static final Fact WALL = FACTS.ms("app.whatIf.wall",
            "the app's wall time estimated on app.whatIf.executors: its stages replayed on those slots (account/WhatIf);"
                    + " absent when the replay on the app's own slots misses its recorded stages-running time by over 25 %");
    public static final Fact SAVED = FACTS.ms("app.whatIf.saved", "the app's wall time less app.whatIf.wall, 0 or more");
    public static final Fact HOW = FACTS.text("app.whatIf.how", "the what-if in words: executors, cores, estimated and recorded wall");
    public static final Fact IDLE_NO_JOB = FACTS.ms("app.executors.idleNoJob",
            "wall time between the first job's start and the last one's end with no job running: executors held idle"
                    + " (their slot time is in app.slots.idle.noJob); absent with fewer than two jobs or no executor but the driver");
    public static final Fact IDLE_NO_JOB_SHARE = FACTS.fraction("app.executors.idleNoJobShare",
            "app.executors.idleNoJob as a share of the app's wall time");
    public static final Fact SAVED_SHARE = FACTS.fraction("app.whatIf.savedShare", "app.whatIf.saved as a share of the app's wall time");

    public static final Fact MASTER_KNOWN = FACTS.flag("app.master.known",
            "spark.master is in the snapshot: local mode, or a cluster manager (YARN, Kubernetes, standalone, local-cluster)"
                    + " where executors can be added and dynamic allocation works; absent when the master is not known");

    private WhatIfSignals() {
    }

    /** The estimate for {@code request}, as {@code triage --what-if} prints it. */
    public static Optional<WhatIf> estimate(AppContext ctx, WhatIfRequest request) {
        return WhatIf.of(ctx.snapshot(), ctx.now(), ctx::slotsOf, ctx.slots(), request);
    }

    /** "with 2 executors of 4 cores instead of 1: ~7 min instead of 13 min" (local mode: local[N]). */
    public static String sentence(WhatIf w) {
        String layout = w.local()
                ? "local[" + w.slots() + "] instead of local[" + w.recordedCores() + "]"
                : "with " + w.executors() + " executor(s) of " + w.cores() + " core(s) instead of " + w.recordedExecutors()
                        + (w.cores() == w.recordedCores() ? "" : " of " + w.recordedCores());
        return layout + ": ~" + DurationFormat.of(w.estimateWallMs()) + " instead of " + DurationFormat.of(w.recordedWallMs());
    }

    static void compute(AppContext ctx, TimeAccount account, FactSink sink) {
        // which remedy applies (executors, dynamic allocation or local[N]) needs the master: unknown, neither rule speaks
        if (ctx.hasConfig() && SparkMaster.of(ctx).isPresent()) {
            sink.put(MASTER_KNOWN, true);
        }
        Waves waves = Waves.of(ctx.snapshot(), ctx::slotsOf, ctx.slots());
        sink.put(WAVE_STAGES, waves.stages()).put(MOST_WAVES, waves.mostWaves()).put(EXECUTORS_HAD, waves.executorsHad());
        idle(ctx, account, sink);
        if (waves.stages() == 0) {
            return; // the replay walks every task: only where a waves rule can use it
        }
        // a replay that misses the recorded run is no ground for a finding; --what-if still shows it, flagged
        estimate(ctx, new WhatIfRequest(waves.proposedExecutors(), Optional.empty())).filter(WhatIf::reliable).ifPresent(w -> sink
                .put(EXECUTORS, w.executors()).put(CORES, w.cores())
                .put(SLOTS, w.slots()).put(WALL, w.estimateWallMs()).put(SAVED, w.savedMs())
                .put(SAVED_SHARE, w.recordedWallMs() <= 0 ? 0 : (double) w.savedMs() / w.recordedWallMs()).text(HOW, sentence(w)));
    }

    /**
     * Executors held while no job ran between the first job's start and the last one's end (before
     * the first and after the last, the app starts and stops: no gap dynamic allocation would use).
     */
    private static void idle(AppContext ctx, TimeAccount account, FactSink sink) {
        var workers = ctx.snapshot().executors().stream().filter(e -> !e.isDriver()).toList();
        List<long[]> jobs = ctx.snapshot().jobs().stream().filter(j -> j.submissionTime().isPresent())
                .map(j -> new long[] {j.submissionTime().get().toEpochMilli(),
                        j.completionTime().orElse(ctx.now()).toEpochMilli()}).toList();
        if (workers.isEmpty() || jobs.size() < 2 || account.wallMs() <= 0) {
            return;
        }
        List<long[]> merged = Intervals.merged(jobs);
        long between = 0;
        for (int i = 1; i < merged.size(); i++) {
            between += Math.max(0, merged.get(i)[0] - merged.get(i - 1)[1]);
        }
        long held = Math.min(between, account.ms(Cause.DRIVER_ONLY));
        sink.put(IDLE_NO_JOB, held).put(IDLE_NO_JOB_SHARE, Math.min(1.0, (double) held / account.wallMs()));
    }
}
