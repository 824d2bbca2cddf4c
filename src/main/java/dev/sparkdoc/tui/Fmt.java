package dev.sparkdoc.tui;

import dev.sparkdoc.facts.DurationFormat;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Seconds lost, shares, clock times and ages for table cells (sizes, durations, counts: facts' ByteFormat, DurationFormat, CountFormat). */
final class Fmt {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    private Fmt() {
    }

    /** Seconds lost, e.g. "6.2s". */
    static String seconds(double s) {
        return DurationFormat.compact(s * 1000);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    static String clock(Instant t) {
        return CLOCK.format(t.atZone(ZoneId.systemDefault()));
    }

    /** Age in whole seconds, at least 0 (clocks of driver and client may differ a little). */
    static String age(Instant from, Instant now) {
        return DurationFormat.age(Math.max(0, now.toEpochMilli() - from.toEpochMilli()) / 1000);
    }
}
