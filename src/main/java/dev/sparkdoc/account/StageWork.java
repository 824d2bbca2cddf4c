package dev.sparkdoc.account;

import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The slot time one stage attempt's tasks held, split by what they did with it.
 *
 * <p>The model keeps per stage the exact sums of run time, GC, fetch wait and deserialization
 * over every ended task (Spark adds a failed task's metrics to its stage too), five-number
 * summaries over the successful ones, and a few tasks as samples (the first ten failed or
 * killed, ten running). So:
 * <ul>
 * <li>compute, GC, fetch wait and deserialization are exact sums, less the failed attempts'
 *     share of them;</li>
 * <li>scheduler delay (launch to run, and the result's way back) is estimated as the median
 *     delay times the successful tasks: it is no sum Spark keeps. Result serialization and
 *     getting the result are not in the model at all: their slot time stays idle;</li>
 * <li>failed and killed attempts take their samples' durations, scaled to their count; without
 *     samples (a History Server read of a stage not looked into), each takes the stage's mean run
 *     time;</li>
 * <li>a running task (live) counts its time so far as compute: its metrics come at its end.</li>
 * </ul>
 */
record StageWork(Stage stage, Map<Cause, Double> ms, Set<String> notes) {

    static final String DELAY_ESTIMATED = "estimated: each stage's median scheduler delay × its successful tasks";
    static final String DELAY_MISSING = "some stages have no task summary: their scheduler delay stays idle";
    static final String FAILED_ESTIMATED = "some failed attempts not sampled: each counted at its stage's mean run time";
    static final String RUNNING_AS_COMPUTE = "running tasks' time so far counted as compute: their metrics come at their end";

    /** TaskKilled's reason for the copy that lost a speculative race. */
    private static final String ANOTHER_ATTEMPT = "another attempt succeeded";

    static StageWork of(Stage stage) {
        Map<Cause, Double> ms = new EnumMap<>(Cause.class);
        Set<String> notes = new java.util.TreeSet<>();
        var t = stage.totals();
        int ended = stage.tasks().completed() + stage.tasks().failed() + stage.tasks().killed();
        double meanRun = ended == 0 ? 0 : (double) t.executorRunTimeMs() / ended;

        Lost failed = lost(stage, "FAILED", stage.tasks().failed(), meanRun, notes);
        Lost killed = lost(stage, "KILLED", stage.tasks().killed(), meanRun, notes);
        double raceShare = raceShare(stage);
        ms.put(Cause.FAILED, failed.slotMs + killed.slotMs * (1 - raceShare));
        ms.put(Cause.SPECULATION_LOST, killed.slotMs * raceShare);

        double run = t.executorRunTimeMs();
        double goodRun = Math.max(0, run - failed.runMs - killed.runMs);
        double good = run <= 0 ? 1 : goodRun / run;
        double gc = t.jvmGcTimeMs() * good;
        double fetch = t.shuffleFetchWaitTimeMs() * good;
        // GC and fetch wait are inside run time; a sampling quirk must not make compute negative
        double inside = gc + fetch;
        if (inside > goodRun && inside > 0) {
            gc *= goodRun / inside;
            fetch *= goodRun / inside;
        }
        ms.put(Cause.GC, gc);
        ms.put(Cause.FETCH_WAIT, fetch);
        ms.put(Cause.COMPUTE, goodRun - gc - fetch + running(stage, notes));
        ms.put(Cause.DESERIALIZATION, t.executorDeserializeTimeMs() * good);
        ms.put(Cause.SCHEDULER_DELAY, schedulerDelay(stage, notes));
        return new StageWork(stage, ms, notes);
    }

    /**
     * Whether the source gave this stage's task metrics: its ended tasks' run time, their
     * summary or samples. A stage listed without them (a hand-made snapshot, a live or History
     * Server read that did not fetch them) leaves its tasks' time unknown, not zero.
     */
    boolean measured() {
        int ended = stage.tasks().completed() + stage.tasks().failed() + stage.tasks().killed();
        return ended == 0 || stage.totals().executorRunTimeMs() > 0 || stage.quantiles().isPresent() || !stage.notableTasks().isEmpty();
    }

    /** Slot-ms the stage's tasks held, all causes. */
    double busyMs() {
        return ms.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Tasks that ran to success or run now: the stage's partitions, for waves. */
    int tasks() {
        return Math.max(1, stage.tasks().completed() + stage.tasks().active());
    }

    private record Lost(double slotMs, double runMs) {
    }

    private static Lost lost(Stage stage, String status, int count, double meanRun, Set<String> notes) {
        if (count <= 0) {
            return new Lost(0, 0);
        }
        List<TaskSample> samples = stage.notableTasks().stream().filter(s -> status.equals(s.status())).toList();
        if (samples.isEmpty()) {
            notes.add(FAILED_ESTIMATED);
            return new Lost(meanRun * count, meanRun * count);
        }
        double scale = (double) count / samples.size();
        return new Lost(samples.stream().mapToLong(TaskSample::durationMs).sum() * scale,
                samples.stream().mapToLong(TaskSample::executorRunTimeMs).sum() * scale);
    }

    /** The share of a stage's killed attempts that lost a speculative race, by its samples. */
    private static double raceShare(Stage stage) {
        List<TaskSample> killed = stage.notableTasks().stream().filter(s -> "KILLED".equals(s.status())).toList();
        if (killed.isEmpty()) {
            return 0;
        }
        long race = killed.stream().filter(s -> s.speculative()
                || s.errorMessage().map(m -> m.toLowerCase(Locale.ROOT).contains(ANOTHER_ATTEMPT)).orElse(false)).count();
        return (double) race / killed.size();
    }

    private static double schedulerDelay(Stage stage, Set<String> notes) {
        if (stage.tasks().completed() == 0) {
            return 0;
        }
        if (stage.quantiles().isEmpty()) {
            notes.add(DELAY_MISSING);
            return 0;
        }
        var q = stage.quantiles().get();
        notes.add(DELAY_ESTIMATED);
        return q.get(TaskMetric.SCHEDULER_DELAY).p50() * stage.tasks().completed();
    }

    /** Running tasks' time so far: the samples' (ten at most), scaled to how many run. */
    private static double running(Stage stage, Set<String> notes) {
        int active = stage.tasks().active();
        if (active <= 0) {
            return 0;
        }
        List<TaskSample> samples = stage.notableTasks().stream().filter(TaskSample::running).toList();
        notes.add(RUNNING_AS_COMPUTE);
        if (samples.isEmpty()) {
            return 0;
        }
        return samples.stream().mapToLong(TaskSample::durationMs).average().orElse(0) * active;
    }
}
