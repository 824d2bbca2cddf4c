package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether AQE's skew join would split a stage's hot partition, and why not: Spark's
 * OptimizeSkewedJoin splits a sort-merge join partition only when it is larger than both
 * {@code skewedPartitionThresholdInBytes} and {@code skewedPartitionFactor} × the median, and it
 * splits into pieces of about {@code advisoryPartitionSizeInBytes}, so a partition below twice
 * that is one piece whatever the thresholds. Read with the settings in force for the stage's query.
 */
final class AqeSkewJoin {

    static final FactList FACTS = new FactList(ScopeKind.STAGE);
    static final Fact WOULD_SPLIT = FACTS.flag("stage.aqe.skewJoin.wouldSplit",
            "the hot partition (largest shuffle read) is past both AQE skew-join thresholds in force: size and factor × median");
    static final Fact SPLITTABLE = FACTS.flag("stage.aqe.skewJoin.splittable",
            "the hot partition is at least twice spark.sql.adaptive.advisoryPartitionSizeInBytes: AQE could cut it into pieces");
    static final Fact SUGGESTED_THRESHOLD = FACTS.bytes("stage.aqe.skewJoin.suggestedThreshold",
            "a skewedPartitionThresholdInBytes under the hot partition: half of it, at least the advisory size");
    static final Fact SUGGESTED_THRESHOLD_HOW = FACTS.text("stage.aqe.skewJoin.suggestedThreshold.how",
            "how stage.aqe.skewJoin.suggestedThreshold was reached");
    static final Fact WHY_NOT = FACTS.text("stage.aqe.skewJoin.whyNot",
            "what keeps AQE's skew join from splitting the hot partition, each reason with its setting and origin");

    private static final long DEFAULT_THRESHOLD = 256L << 20;
    private static final long DEFAULT_ADVISORY = 64L << 20;

    private AqeSkewJoin() {
    }

    /** @param hot the hot partition's bytes; {@code median} the median task's */
    static void compute(Settings settings, double hot, double median, FactSink sink) {
        if (hot <= 0 || settings == Settings.NONE || settings.get("spark.sql.shuffle.partitions").isEmpty()) {
            return;
        }
        // Spark refuses negative sizes for these two: a -1 here is garbage, read as the default
        long threshold = nonNegative(settings.bytes("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", DEFAULT_THRESHOLD),
                DEFAULT_THRESHOLD);
        long advisory = nonNegative(settings.bytes("spark.sql.adaptive.advisoryPartitionSizeInBytes", DEFAULT_ADVISORY), DEFAULT_ADVISORY);
        double factor = settings.number("spark.sql.adaptive.skewJoin.skewedPartitionFactor", 5);
        boolean bigEnough = hot >= threshold;
        boolean farEnough = hot >= factor * median;
        sink.put(WOULD_SPLIT, bigEnough && farEnough)
                .put(SPLITTABLE, hot >= 2.0 * advisory)
                .put(SUGGESTED_THRESHOLD, Math.max(advisory, hot / 2))
                .text(SUGGESTED_THRESHOLD_HOW, "half the " + ByteFormat.of(hot) + " hot partition"
                        + (hot / 2 < advisory ? ", at least the advisory " + ByteFormat.of(advisory) : "") + " = "
                        + ByteFormat.of(Math.max(advisory, hot / 2)));
        List<String> why = new ArrayList<>();
        off(settings, "spark.sql.adaptive.enabled").ifPresent(why::add);
        off(settings, "spark.sql.adaptive.skewJoin.enabled").ifPresent(why::add);
        String hotText = ByteFormat.of(hot);
        if (!bigEnough) {
            why.add("the hot partition (" + hotText + ") is under " + settings.shown(
                    "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", ByteFormat.of(threshold)));
        }
        if (!farEnough) {
            why.add("it is under " + settings.shown("spark.sql.adaptive.skewJoin.skewedPartitionFactor", FactFormat.raw(factor))
                    + " × the median (" + ByteFormat.of(median) + ")");
        }
        if (hot < 2.0 * advisory) {
            why.add("AQE cuts a skewed partition into pieces of " + settings.shown("spark.sql.adaptive.advisoryPartitionSizeInBytes",
                    ByteFormat.of(advisory)) + ": one of " + hotText + " stays whole");
        }
        if (!why.isEmpty()) {
            sink.text(WHY_NOT, String.join("; ", why));
        }
    }

    private static Optional<String> off(Settings settings, String key) {
        return settings.get(key).filter(s -> s.value().equalsIgnoreCase("false")).map(Setting::display);
    }


    private static long nonNegative(long bytes, long fallback) {
        return bytes < 0 ? fallback : bytes;
    }
}
