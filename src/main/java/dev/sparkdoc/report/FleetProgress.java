package dev.sparkdoc.report;

import dev.sparkdoc.facts.DurationFormat;
import java.util.Locale;

/**
 * The progress line of a fleet over a folder, for stderr on a terminal: logs done of all, the
 * rate, and the time left at that rate ({@code 120/300 logs · 14.2 logs/s · 13s left}).
 */
public final class FleetProgress {

    private FleetProgress() {
    }

    public static String line(int done, int total, long elapsedMs) {
        double seconds = Math.max(elapsedMs, 1) / 1000.0;
        double rate = done / seconds;
        String left = done == 0 || done >= total ? "" : " · " + DurationFormat.compact((total - done) / rate * 1000) + " left";
        return String.format(Locale.ROOT, "%d/%d logs · %.1f logs/s", done, total, rate) + left;
    }
}
