package dev.sparkdoc.tui;

import java.time.Duration;

/**
 * The adaptive poll interval. A read that takes more than a fifth of the interval means a busy
 * driver: the next read waits five times as long as this one took, so sparkdoc never keeps a
 * struggling driver more than ~20% busy (SPARK-NOTES: a poll of a large app costs seconds of
 * driver CPU). Failures double the wait. A quick success goes back to the interval asked for.
 */
public final class PollSchedule {

    /** Never wait longer than this: the user must still see a recovered driver soon. */
    public static final Duration MAX = Duration.ofSeconds(30);
    static final int SLOW_FACTOR = 5;

    private final Duration max;
    private Duration base;
    private Duration current;

    public PollSchedule(Duration base) {
        this(base, MAX);
    }

    public PollSchedule(Duration base, Duration max) {
        this.base = base;
        this.current = base;
        this.max = max;
    }

    public synchronized Duration success(long readMillis) {
        Duration paced = Duration.ofMillis(readMillis * SLOW_FACTOR);
        current = clamp(paced.compareTo(base) > 0 ? paced : base);
        return current;
    }

    public synchronized Duration failure() {
        current = clamp(current.multipliedBy(2).compareTo(base) > 0 ? current.multipliedBy(2) : base);
        return current;
    }

    public synchronized void setBase(Duration asked) {
        base = asked;
        current = clamp(asked);
    }

    public synchronized Duration current() {
        return current;
    }

    public synchronized Duration base() {
        return base;
    }

    private Duration clamp(Duration d) {
        return d.compareTo(max) > 0 ? (base.compareTo(max) > 0 ? base : max) : d;
    }
}
