package dev.sparkdoc.tui;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Compact numbers for table cells: "1.2G", "6.4s", "3m02s". */
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

    static String ms(double ms) {
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.0fms", ms);
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1fs", ms / 1000);
        }
        long s = Math.round(ms / 1000);
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
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
