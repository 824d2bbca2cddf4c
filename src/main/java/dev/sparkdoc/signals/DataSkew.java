package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether a stage's slowest task had more data than its median task: skewed, even, or "cannot
 * tell". Skew and stragglers are opposite diagnoses with opposite remedies (more partitions or a
 * salted key against a look at the host), so each needs positive evidence, and a stage whose
 * data nobody measured (tasks that generate their rows, a source without metrics) is neither.
 *
 * <p>No floor under the median: a floor of 1 MiB once turned a hot task reading 22× the median's
 * 3 KB into "even". The slowest task's own data is compared where the source kept it (the event
 * log keeps the slowest tasks of every stage, REST those of the busiest stages); otherwise the
 * largest value of the distribution stands in, which can belong to another task, so it needs a
 * larger ratio to say "skewed".
 */
final class DataSkew {

    /** The slowest task's own data at this multiple of the median is skew (AQE's factor is 5; a third of the way is already most of a tail). */
    static final double SKEWED_SAMPLED = 3;
    /** The distribution's largest value must go further, since it may not be the slowest task's. */
    static final double SKEWED_LARGEST = 5;
    /** Within this multiple of the median the data is even: the time went somewhere else. */
    static final double EVEN = 1.5;
    /**
     * A task with skewed data that is not the slowest is still the skew's cost when it ran this
     * multiple of the median duration: its extra rows took extra time, while the slowest tasks were
     * slow for another reason (a first wave warming up, a loaded machine).
     */
    static final double HEAVY_IN_TAIL = 2;

    enum Kind { SKEWED, EVEN, UNKNOWN }

    /**
     * @param ratio    the deciding measure's value over its median; empty when the median is 0
     * @param compared what was measured, for a title: "12.0 MiB of shuffle read against the median's 3.0 KiB"
     */
    record Verdict(Kind kind, OptionalDouble ratio, String compared) {
    }

    /** One measure of a task's data: its median and the value of the task judged. */
    private record Measure(String what, double median, double value, boolean sampled, boolean records) {

        double ratio() {
            if (median > 0) {
                return value / median;
            }
            return value > 0 ? Double.POSITIVE_INFINITY : 1;
        }

        Kind kind() {
            double r = ratio();
            if (r >= (sampled ? SKEWED_SAMPLED : SKEWED_LARGEST)) {
                return Kind.SKEWED;
            }
            return r <= EVEN ? Kind.EVEN : Kind.UNKNOWN;
        }

        String compared() {
            String v = records ? CountFormat.of(value) + " records" : ByteFormat.of(value);
            String m = records ? CountFormat.of(median) : ByteFormat.of(median);
            return (sampled ? "" : "up to ") + v + " of " + what + " against the median's " + m;
        }
    }

    private DataSkew() {
    }

    /**
     * The slowest task's verdict; but where the task that read the most is another one, skewed
     * ({@value #SKEWED_SAMPLED}x the median's read) and itself slow ({@value #HEAVY_IN_TAIL}x the
     * median's duration), the data is skewed whatever made the slowest task slow.
     */
    static Verdict of(TaskQuantiles q, Optional<TaskSample> slowest, Optional<TaskSample> heaviest) {
        Verdict bySlowest = of(q, slowest);
        if (bySlowest.kind() == Kind.SKEWED || heaviest.isEmpty() || heaviest.equals(slowest)) {
            return bySlowest;
        }
        TaskSample heavy = heaviest.get();
        double p50 = q.get(TaskMetric.DURATION).p50();
        if (p50 <= 0 || heavy.durationMs() < HEAVY_IN_TAIL * p50) {
            return bySlowest;
        }
        Optional<Verdict> skewed = measures(q, heaviest).stream().filter(m -> m.sampled() && m.kind() == Kind.SKEWED)
                .max((a, b) -> Double.compare(a.ratio(), b.ratio()))
                .map(m -> new Verdict(Kind.SKEWED, OptionalDouble.of(m.ratio()), m.compared() + " (a task that took "
                        + DurationFormat.of(heavy.durationMs()) + " against the median's " + DurationFormat.of((long) p50) + ")"));
        return skewed.orElse(bySlowest);
    }

    static Verdict of(TaskQuantiles q, Optional<TaskSample> slowest) {
        List<Measure> measures = measures(q, slowest);
        if (measures.isEmpty()) {
            return new Verdict(Kind.UNKNOWN, OptionalDouble.empty(), "no task reported input, shuffle or record counts");
        }
        // The measure furthest from its median decides and is what the title shows.
        Measure top = measures.stream().max((a, b) -> Double.compare(a.ratio(), b.ratio())).orElseThrow();
        Kind kind = measures.stream().anyMatch(m -> m.kind() == Kind.SKEWED) ? Kind.SKEWED
                : measures.stream().allMatch(m -> m.kind() == Kind.EVEN) ? Kind.EVEN : Kind.UNKNOWN;
        double r = top.ratio();
        return new Verdict(kind, Double.isInfinite(r) ? OptionalDouble.empty() : OptionalDouble.of(r), top.compared());
    }

    /**
     * What the stage read (input, shuffle), else what it wrote to a shuffle: a map stage that
     * generates its rows (spark.range, a UDF source) has only its output to show. Records
     * only from the distribution, since task samples do not carry them.
     */
    private static List<Measure> measures(TaskQuantiles q, Optional<TaskSample> slowest) {
        List<Measure> read = new ArrayList<>();
        add(read, "input", q.get(TaskMetric.INPUT_BYTES), slowest.map(t -> (double) t.inputBytes()), false);
        add(read, "shuffle read", q.get(TaskMetric.SHUFFLE_READ_BYTES), slowest.map(t -> (double) t.shuffleReadBytes()), false);
        // Records too where the task's own bytes cannot tell (neither even nor skewed): a hot key's rows
        // can compress to few bytes (a repeated key, a shared prefix), so 12x the median's rows reads as
        // 1.6x its bytes. Bytes that decide keep deciding: they are the task's own, the records may not be.
        if (slowest.isEmpty() || read.stream().allMatch(m -> m.kind() == Kind.UNKNOWN)) {
            Quantiles in = q.get(TaskMetric.INPUT_RECORDS);
            Quantiles sr = q.get(TaskMetric.SHUFFLE_READ_RECORDS);
            add(read, "input and shuffle records", new Quantiles(0, 0, in.p50() + sr.p50(), 0, in.max() + sr.max()),
                    Optional.empty(), true);
        }
        if (read.isEmpty()) {
            add(read, "shuffle write", q.get(TaskMetric.SHUFFLE_WRITE_BYTES),
                    slowest.map(t -> (double) t.shuffleWriteBytes()), false);
        }
        return read;
    }

    private static void add(List<Measure> out, String what, Quantiles d, Optional<Double> sampled, boolean records) {
        if (d.max() <= 0) {
            return;  // nothing of this kind was measured in any task
        }
        out.add(sampled.map(v -> new Measure(what, d.p50(), v, true, records))
                .orElseGet(() -> new Measure(what, d.p50(), d.max(), false, records)));
    }
}
