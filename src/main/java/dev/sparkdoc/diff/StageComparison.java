package dev.sparkdoc.diff;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.signals.StageSignals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * One stage of both runs compared: its wall time, the data it processed, its tasks, and whether
 * skew or spill appeared. The headline names the strongest reason in this order: skew and spill
 * (a new problem), then data growth, then partitioning, then plain time.
 */
final class StageComparison {

    /** A stage's data changed when it grew or shrank by half or more… */
    static final double DATA_RATIO = 1.5;
    /** …and is not tiny (tiny stages vary with partitioning alone). */
    static final long MIN_RECORDS = 10_000;
    static final long MIN_BYTES = 1 << 20;
    /** The skew rules' thresholds (rules/skew.yaml): a max/median of 5 is skew, below 3 is not. */
    static final double SKEW = 5;
    static final double NO_SKEW = 3;
    /** Spill that matters: the spill rules start at 100 MiB, "appearing" starts lower. */
    static final long SPILL_BYTES = 1 << 20;
    /** Time-only differences under a second are noise (JIT warm-up, GC, the scheduler's 1 s locality wait). */
    static final double MIN_SECONDS = 1;

    private record Data(String name, String unit, ToLongFunction<StageTotals> value) {
    }

    private static final List<Data> DATA = List.of(
            new Data("input records", "count", StageTotals::inputRecords),
            new Data("input bytes", "bytes", StageTotals::inputBytes),
            new Data("shuffle read records", "count", StageTotals::shuffleReadRecords),
            new Data("shuffle read bytes", "bytes", StageTotals::shuffleReadBytes),
            new Data("shuffle write records", "count", StageTotals::shuffleWriteRecords),
            new Data("shuffle write bytes", "bytes", StageTotals::shuffleWriteBytes),
            new Data("output records", "count", StageTotals::outputRecords),
            new Data("output bytes", "bytes", StageTotals::outputBytes),
            new Data("disk spill", "bytes", StageTotals::diskBytesSpilled));

    private StageComparison() {
    }

    static Change compare(Stage before, Stage after, ScopeFacts bf, ScopeFacts af, double threshold) {
        double wallBefore = bf.value(StageSignals.WALL).orElse(0);
        double wallAfter = af.value(StageSignals.WALL).orElse(0);
        double seconds = (wallAfter - wallBefore) / 1000;
        List<Change.Metric> metrics = new ArrayList<>();
        metrics.add(new Change.Metric("wall time", wallBefore, wallAfter, "ms"));
        if (before.tasks().total() != after.tasks().total()) {
            metrics.add(new Change.Metric("tasks", before.tasks().total(), after.tasks().total(), "count"));
        }
        for (Data d : DATA) {
            long b = d.value.applyAsLong(before.totals());
            long a = d.value.applyAsLong(after.totals());
            if (a != b) {
                metrics.add(new Change.Metric(d.name, b, a, d.unit));
            }
        }
        List<String> reasons = new ArrayList<>();
        skew(bf, af, StageSignals.DATA_SKEW_RATIO, "largest/median task data", metrics, reasons);
        skew(bf, af, StageSignals.DURATION_MAX_OVER_P50, "longest/median task", metrics, reasons);
        long spillBefore = before.totals().diskBytesSpilled();
        long spillAfter = after.totals().diskBytesSpilled();
        if (spillAfter >= SPILL_BYTES && spillBefore < SPILL_BYTES) {
            reasons.add("spill appeared: " + ByteFormat.of(spillAfter) + " to disk (was " + ByteFormat.of(spillBefore) + ")");
        }
        dataChange(metrics).ifPresent(reasons::add);
        if (before.tasks().total() != after.tasks().total()) {
            reasons.add("partitioning changed: " + before.tasks().total() + " → " + after.tasks().total() + " tasks");
        }
        boolean timeMatters = Math.abs(seconds) >= MIN_SECONDS && Math.abs(wallAfter - wallBefore) >= threshold * wallBefore;
        boolean significant = timeMatters || !reasons.isEmpty();
        String title = "took " + signed(seconds) + " (" + DurationFormat.of(wallBefore) + " → "
                + DurationFormat.of(wallAfter) + ")" + (reasons.isEmpty() ? "" : ": " + reasons.get(0));
        return new Change(ChangeKind.STAGE, title, where(before, after, af), Optional.of(before.key()),
                Optional.of(after.key()), Optional.of(seconds), significant, numbers(metrics), metrics);
    }

    private static void skew(ScopeFacts bf, ScopeFacts af, Fact fact, String what, List<Change.Metric> metrics,
                             List<String> reasons) {
        double b = bf.value(fact).orElse(1);
        double a = af.value(fact).orElse(1);
        // Duration ratios of sub-second tasks are launch noise, as in the skew rules (stage.duration.max >= 5 s there).
        boolean longTasks = fact != StageSignals.DURATION_MAX_OVER_P50 || af.value(StageSignals.DURATION_MAX).orElse(0) >= 1000;
        if (a >= SKEW && b < NO_SKEW && longTasks) {
            metrics.add(new Change.Metric(what + " ratio", b, a, "ratio"));
            if (reasons.stream().noneMatch(r -> r.startsWith("skew appeared"))) {
                reasons.add(String.format(Locale.ROOT, "skew appeared: %s %.1f× → %.1f×", what, b, a));
            }
        }
    }

    /** The largest relative change of the stage's data, if any passes the ratio and size floors. */
    static Optional<String> dataChange(List<Change.Metric> metrics) {
        Change.Metric best = null;
        double bestLog = Math.log(DATA_RATIO) - 1e-9;
        for (Change.Metric m : metrics) {
            boolean data = m.name().contains("records") || m.name().contains("bytes");
            double floor = m.unit().equals("bytes") ? MIN_BYTES : MIN_RECORDS;
            if (!data || Math.max(m.before(), m.after()) < floor) {
                continue;
            }
            double log = Math.abs(Math.log(Math.max(m.after(), 1) / Math.max(m.before(), 1)));
            if (log > bestLog) {
                best = m;
                bestLog = log;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        String ratio = best.before() == 0 ? "new" : String.format(Locale.ROOT, "%.1f×", best.after() / best.before());
        return Optional.of(ratio + " the " + best.name() + " (" + human(best.before(), best.unit()) + " → "
                + human(best.after(), best.unit()) + ")");
    }

    static String where(Stage before, Stage after, ScopeFacts af) {
        String id = before.stageId() == after.stageId() ? "stage " + after.stageId()
                : "stage " + after.stageId() + " (baseline " + before.stageId() + ")";
        String name = af.scope().name();
        return name.isBlank() ? id : id + " \"" + name + "\"";
    }

    static List<String> numbers(List<Change.Metric> metrics) {
        return metrics.stream().map(m -> m.name() + ": " + human(m.before(), m.unit()) + " → " + human(m.after(), m.unit())
                + (m.before() > 0 && !m.unit().equals("ratio") ? String.format(Locale.ROOT, " (%.1f×)", m.after() / m.before()) : ""))
                .toList();
    }

    static String human(double v, String unit) {
        return switch (unit) {
            case "ms" -> DurationFormat.of(v);
            case "bytes" -> ByteFormat.of(v);
            case "ratio" -> String.format(Locale.ROOT, "%.1f×", v);
            default -> CountFormat.of(v);
        };
    }

    static String signed(double seconds) {
        return (seconds >= 0 ? "+" : "−") + DurationFormat.of(Math.abs(seconds) * 1000);
    }
}
