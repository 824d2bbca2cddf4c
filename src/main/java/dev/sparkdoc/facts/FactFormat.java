package dev.sparkdoc.facts;

import java.util.Locale;

/** Formats fact values for people (durations, sizes, ratios) and for config values (raw, JVM sizes). */
public final class FactFormat {

    private static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private FactFormat() {
    }

    public static String human(double value, FactUnit unit) {
        return switch (unit) {
            case MS -> duration(value);
            case SECONDS -> duration(value * 1000);
            // a size setting of -1 (autoBroadcastJoinThreshold) switches the feature off
            case BYTES -> value == -1 ? "-1 (off)" : bytes(value);
            case RATIO -> String.format(Locale.ROOT, "%.1f×", value);
            case FRACTION -> String.format(Locale.ROOT, "%.0f%%", value * 100);
            case BOOLEAN -> value != 0 ? "yes" : "no";
            case COUNT -> count(value);
            case TEXT -> raw(value);
        };
    }

    public static String duration(double ms) {
        double abs = Math.abs(ms);
        if (abs < 1000) {
            return String.format(Locale.ROOT, "%.0f ms", ms);
        }
        if (abs < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000);
        }
        if (abs < 3_600_000) {
            long s = Math.round(ms / 1000);
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        long m = Math.round(ms / 60_000);
        return String.format(Locale.ROOT, "%d h %02d min", m / 60, m % 60);
    }

    public static String bytes(double bytes) {
        double v = bytes;
        int i = 0;
        while (Math.abs(v) >= 1024 && i < BYTE_UNITS.length - 1) {
            v /= 1024;
            i++;
        }
        return i == 0 ? String.format(Locale.ROOT, "%.0f B", v) : String.format(Locale.ROOT, "%.1f %s", v, BYTE_UNITS[i]);
    }

    public static String count(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
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
