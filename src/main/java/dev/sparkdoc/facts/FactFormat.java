package dev.sparkdoc.facts;

import java.util.Locale;

/**
 * Formats fact values for people by their unit (sizes, durations and counts through {@link ByteFormat},
 * {@link DurationFormat}, {@link CountFormat}) and for config values (raw, JVM sizes).
 */
public final class FactFormat {

    private FactFormat() {
    }

    public static String human(double value, FactUnit unit) {
        return switch (unit) {
            case MS -> DurationFormat.of(value);
            case SECONDS -> DurationFormat.of(value * 1000);
            // a size setting of -1 (autoBroadcastJoinThreshold) switches the feature off
            case BYTES -> value == -1 ? "-1 (off)" : ByteFormat.of(value);
            case RATIO -> String.format(Locale.ROOT, "%.1f×", value);
            // a share is never shown above its whole: past 1 (spill written twice over the data, memory past its limit) it is a multiple
            case FRACTION -> value > 1 ? String.format(Locale.ROOT, "%.1f×", value) : String.format(Locale.ROOT, "%.0f%%", value * 100);
            case BOOLEAN -> value != 0 ? "yes" : "no";
            case COUNT -> CountFormat.of(value);
            case TEXT -> raw(value);
        };
    }

    /** A plain number for a config value: an integer when whole. */
    public static String raw(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        // three decimals at most, no trailing zeros: 0.9, not 0.900
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3f", value)).stripTrailingZeros().toPlainString();
    }

    /** Bytes as a JVM/Spark memory size, rounded up: "4g" when whole gibibytes, else "4608m". */
    public static String jvmSize(double bytes) {
        long mib = (long) Math.ceil(bytes / (1024 * 1024));
        return mib % 1024 == 0 ? (mib / 1024) + "g" : mib + "m";
    }
}
