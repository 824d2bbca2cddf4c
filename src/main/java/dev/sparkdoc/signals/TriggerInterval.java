package dev.sparkdoc.signals;

import java.util.List;
import java.util.Optional;

/**
 * A streaming query's processing-time trigger, read from when its micro-batches started: the
 * interval is not in the progress events. Spark's ProcessingTimeExecutor waits for the next
 * multiple of the interval since the epoch ({@code (now / interval + 1) * interval}), so a batch
 * that started after idle time starts a few milliseconds past such a multiple; a batch that
 * follows one that overran its trigger starts at once, anywhere. The interval is therefore the greatest
 * common spacing of the idle starts, and it must put every idle start on its grid: a start just past
 * an overrun's progress report (100 ms of "idle") or an {@code availableNow} run is on no grid,
 * and then the interval stays unknown rather than guessed.
 */
final class TriggerInterval {

    /** How far past its multiple of the interval a waiting batch starts: the wake-up and the progress bookkeeping. */
    static final long SLACK_MS = 60;
    /** Intervals are whole tenths of a second in every configuration seen; the spacing is rounded to them. */
    private static final long GRAIN_MS = 100;

    private TriggerInterval() {
    }

    /** The interval, when at least two batches started after idle time and all of them sit on its grid. */
    static Optional<Long> of(List<Long> idleStartsMs) {
        if (idleStartsMs.size() < 2) {
            return Optional.empty();
        }
        // two idle starts are a whole number of intervals apart: the interval divides every spacing
        long grains = 0;
        for (int i = 1; i < idleStartsMs.size(); i++) {
            grains = gcd(grains, Math.round((double) (idleStartsMs.get(i) - idleStartsMs.get(i - 1)) / GRAIN_MS));
        }
        long interval = grains * GRAIN_MS;
        if (interval <= 0) {
            return Optional.empty();
        }
        for (long start : idleStartsMs) {
            if (Math.floorMod(start, interval) > SLACK_MS) {
                return Optional.empty();
            }
        }
        return Optional.of(interval);
    }

    private static long gcd(long a, long b) {
        return b == 0 ? Math.abs(a) : gcd(b, a % b);
    }
}
