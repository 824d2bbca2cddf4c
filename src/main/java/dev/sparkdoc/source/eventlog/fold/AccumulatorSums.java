package dev.sparkdoc.source.eventlog.fold;

import java.util.Arrays;
import java.util.OptionalLong;

/**
 * Running sums of SQL plan-metric accumulators, an open-addressing map from accumulator ID to
 * sum. Only registered IDs (those named by a plan's metrics) are kept, so its size follows
 * the plans, never the number of tasks; lookups box nothing, as they run for every
 * accumulable of every task.
 */
final class AccumulatorSums {

    private static final long EMPTY = Long.MIN_VALUE;

    private long[] keys = newKeys(256);
    private long[] sums = new long[256];
    private boolean[] updated = new boolean[256];
    private int size;

    private static long[] newKeys(int capacity) {
        long[] k = new long[capacity];
        Arrays.fill(k, EMPTY);
        return k;
    }

    void register(long id) {
        if (slot(id) < 0) {
            if ((size + 1) * 2 > keys.length) {
                grow();
            }
            insert(id, 0, false);
        }
    }

    boolean isRegistered(long id) {
        return size > 0 && slot(id) >= 0;
    }

    void add(long id, long delta) {
        int s = slot(id);
        if (s >= 0) {
            sums[s] += delta;
            updated[s] = true;
        }
    }

    /** The sum, or empty when no update arrived for this accumulator. */
    OptionalLong sum(long id) {
        int s = slot(id);
        return s >= 0 && updated[s] ? OptionalLong.of(sums[s]) : OptionalLong.empty();
    }

    private int slot(long id) {
        int mask = keys.length - 1;
        for (int i = hash(id) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == id) {
                return i;
            }
            if (keys[i] == EMPTY) {
                return -1;
            }
        }
    }

    private void insert(long id, long sum, boolean wasUpdated) {
        int mask = keys.length - 1;
        int i = hash(id) & mask;
        while (keys[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        keys[i] = id;
        sums[i] = sum;
        updated[i] = wasUpdated;
        size++;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldSums = sums;
        boolean[] oldUpdated = updated;
        keys = newKeys(oldKeys.length * 2);
        sums = new long[oldKeys.length * 2];
        updated = new boolean[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                insert(oldKeys[i], oldSums[i], oldUpdated[i]);
            }
        }
    }

    private static int hash(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
