package dev.sparkdoc.facts;

import java.util.Locale;

/**
 * Durations for people, the one formatter every command and view uses: {@link #of} in sentences
 * and reports ("1.5 s", "3 min 02 s"), {@link #compact} in narrow columns ("1.5s", "3m02s"),
 * {@link #age} for how long ago or how long alive, in whole seconds.
 */
public final class DurationFormat {

    private DurationFormat() {
    }

    /** "850 ms", "6.4 s", "3 min 02 s", "2 h 05 min"; a negative duration keeps its sign. */
    public static String of(double ms) {
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

    /**
     * At most six columns, so a table cell or the header's uptime never grows: "850ms", "6.4s",
     * "3m02s", "9h21m", then days, "3d04h", and past 99 days "412d". Below 0 is "0ms".
     */
    public static String compact(double ms) {
        long whole = Math.round(Math.max(0, ms));
        if (whole < 1000) {
            return whole + "ms";
        }
        long tenths = Math.round(ms / 100);
        if (tenths < 600) {
            return String.format(Locale.ROOT, "%.1fs", tenths / 10.0);
        }
        long s = Math.round(ms / 1000);
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        if (s < 86_400) {
            return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
        }
        long days = s / 86_400;
        return days < 100 ? String.format(Locale.ROOT, "%dd%02dh", days, (s % 86_400) / 3600) : days + "d";
    }

    /** An age or uptime in whole seconds: "42s" under a minute, then as {@link #compact}; below 0 is "0s". */
    public static String age(long seconds) {
        long s = Math.max(0, seconds);
        return s < 60 ? s + "s" : compact(s * 1000.0);
    }
}
