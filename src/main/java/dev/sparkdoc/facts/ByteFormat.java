package dev.sparkdoc.facts;

import java.util.Locale;

/**
 * Sizes for people, in binary units, the one formatter every command and view uses: {@link #of}
 * in sentences and reports ("1.5 MiB"), {@link #compact} in narrow columns ("1.5M"), the same
 * text for the same value in {@code attach}, {@code ps} and every table.
 */
public final class ByteFormat {

    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    private static final String[] SHORT = {"B", "K", "M", "G", "T", "P"};

    private ByteFormat() {
    }

    /** "0 B", "1023 B", "1.0 KiB", "1.5 MiB", "2.0 TiB"; a negative size keeps its sign. */
    public static String of(double bytes) {
        double v = bytes;
        int i = 0;
        while (Math.abs(v) >= 1024 && i < UNITS.length - 1) {
            v /= 1024;
            i++;
        }
        return i == 0 ? String.format(Locale.ROOT, "%.0f B", v) : String.format(Locale.ROOT, "%.1f %s", v, UNITS[i]);
    }

    /**
     * At most five columns: "0", "1023B", "1.0K", "12.3M", "512M", "2.0T". Nothing is shown as
     * less than nothing: 0 and below are "0" (a caller with an unknown size shows its own mark).
     */
    public static String compact(double bytes) {
        if (bytes <= 0) {
            return "0";
        }
        double v = bytes;
        int i = 0;
        while (v >= 1024 && i < SHORT.length - 1) {
            v /= 1024;
            i++;
        }
        if (i == 0) {
            return Math.round(bytes) + "B";
        }
        // 99.95 and up would round to "100.0", a column too wide
        return String.format(Locale.ROOT, v >= 99.95 ? "%.0f%s" : "%.1f%s", v, SHORT[i]);
    }
}
