package dev.sparkdoc.source.rest;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * The driver's clock as seen through the HTTP {@code Date} header of its answers (Jetty sends one
 * on every response). Spark's timestamps (stage submission, task launch) come from the driver's
 * clock; "how long has this been running" must be measured against that clock, not this host's:
 * with a driver 10 minutes ahead, local now − launchTime is negative, and 10 minutes behind, every
 * running task "has run" ten minutes longer than it has.
 * <p>
 * The header has one-second resolution and is truncated, so one sample underestimates the offset
 * by up to a second: the largest of the recent samples is the best estimate, and offsets under
 * {@link #IGNORED} are treated as none (that is noise, not skew).
 */
final class DriverClock {

    static final Duration IGNORED = Duration.ofSeconds(2);
    private static final int SAMPLES = 16;

    private final Deque<Long> offsets = new ArrayDeque<>();

    /** @param receivedAtMillis this host's clock when the answer arrived */
    synchronized void observe(Optional<Instant> date, long receivedAtMillis) {
        date.ifPresent(d -> {
            offsets.addLast(d.toEpochMilli() - receivedAtMillis);
            if (offsets.size() > SAMPLES) {
                offsets.removeFirst();
            }
        });
    }

    /** Driver minus host; zero when unknown or within noise. */
    synchronized Duration offset() {
        long best = offsets.stream().mapToLong(Long::longValue).max().orElse(0);
        Duration offset = Duration.ofMillis(best);
        return offset.abs().compareTo(IGNORED) < 0 ? Duration.ZERO : offset;
    }
}
