package dev.sparkdoc.tui;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Compact numbers for table cells: "1.2G", "6.4s", "3m02s"; each has a bounded width. */
final class Fmt {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    private Fmt() {
    }

    static String bytes(long b) {
        if (b <= 0) {
            return "0";
        }
        String[] units = {"B", "K", "M", "G", "T", "P"};
        double v = b;
        int i = 0;
        while (v >= 1024 && i < units.length - 1) {
            v /= 1024;
            i++;
        }
        return i == 0 ? b + "B" : (v >= 100 ? String.format(Locale.ROOT, "%.0f%s", v, units[i]) : String.format(Locale.ROOT, "%.1f%s", v, units[i]));
    }

    /**
     * A duration in at most six columns, so a table cell or the header's uptime never grows:
     * "850ms", "6.4s", "3m02s", "9h21m", then days, "3d04h", and past 99 days "412d".
     */
    static String ms(double ms) {
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

    /** A count in at most eight columns: "156,018" up to a million, then "1.2M", "34.5G". */
    static String count(double v) {
        if (v < 999_999.5) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        String[] units = {"M", "G", "T", "P"};
        double x = v / 1e6;
        int i = 0;
        while (x >= 999.95 && i < units.length - 1) {
            x /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, x >= 100 ? "%.0f%s" : "%.1f%s", x, units[i]);
    }

    /** Seconds lost, e.g. "6.2s". */
    static String seconds(double s) {
        return ms(s * 1000);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    static String clock(Instant t) {
        return CLOCK.format(t.atZone(ZoneId.systemDefault()));
    }

    /** Age in whole seconds, at least 0 (clocks of driver and client may differ a little). */
    static String age(Instant from, Instant now) {
        long s = Math.max(0, now.toEpochMilli() - from.toEpochMilli()) / 1000;
        return s < 60 ? s + "s" : ms(s * 1000.0);
    }
}
