package dev.sparkdoc.source.eventlog.fold;

/**
 * The span of the log's clock: its first time and its last one, where a time that the events
 * written after it contradict does not count. Spark's listener bus writes events in the order
 * they were posted, each stamped on the driver about when it was posted, so the times fed here
 * (see {@code EventFolders.seeTimes}) rise with the file, give or take a few seconds. A jump
 * forward that later events fall back behind is no real moment: an edited or corrupt line (the
 * RAPIDS tools' cluster fixtures move ExecutorAdded to 2023 in a 2021 log, which made a 6 s
 * application last 22,326 h). A jump that later events keep up with is a real gap (an idle
 * application). {@link #see} is on the task path: two comparisons in the common case.
 */
final class LogClock {

    /** 2000-01-01: Spark (2009 on) wrote no earlier time; 0, -1 and small numbers are no clock. */
    static final long PLAUSIBLE_FROM = 946_684_800_000L;
    /**
     * How far posting order and stamps may disagree. Events posted from different threads
     * interleave by milliseconds, and ApplicationStart carries the SparkContext's start, seconds
     * before it is posted; ten minutes leaves room for any real log.
     */
    static final long TOLERANCE_MS = 10 * 60_000L;
    private static final int MAX_JUMPS = 16;

    private long first = -1;
    private long max = -1;
    /** Open jumps forward, oldest first: the latest time before each, and how many times came above it. */
    private final long[] before = new long[MAX_JUMPS];
    private final long[] above = new long[MAX_JUMPS];
    private int jumps;
    private long ahead;

    void see(long t) {
        if (t < PLAUSIBLE_FROM) {
            return;
        }
        if (first < 0) {
            first = t;
        }
        if (t > max) {
            if (max >= 0 && t > max + TOLERANCE_MS) {
                openJump(max);
            }
            max = t;
        } else if (t < max - TOLERANCE_MS && jumps > 0) {
            fallBack(t);
        }
        if (jumps > 0 && t > before[jumps - 1] + TOLERANCE_MS) {
            above[jumps - 1]++;
        }
    }

    private void openJump(long from) {
        if (jumps == MAX_JUMPS) {
            // the oldest jump has stood a long time: take it as real
            System.arraycopy(before, 1, before, 0, MAX_JUMPS - 1);
            System.arraycopy(above, 1, above, 0, MAX_JUMPS - 1);
            jumps--;
        }
        before[jumps] = from;
        above[jumps] = 0;
        jumps++;
    }

    /**
     * A time far behind the latest: if it matches the clock from before a jump, the times above
     * the jump were ahead of the log. A time matching no earlier clock is the odd one itself and
     * changes nothing (TimeSanity moves it into the span).
     */
    private void fallBack(long t) {
        while (jumps > 0 && t < max - TOLERANCE_MS && t >= before[jumps - 1] - TOLERANCE_MS) {
            jumps--;
            ahead += above[jumps];
            max = Math.max(before[jumps], t);
        }
    }

    /** The first plausible time, in the order the log was written; -1 when there is none. */
    long first() {
        return first;
    }

    /** The latest time the log vouches for; -1 when none. */
    long last() {
        return max;
    }

    /** How many times ran ahead of the events written after them. */
    long aheadOfTheLog() {
        return ahead;
    }
}
