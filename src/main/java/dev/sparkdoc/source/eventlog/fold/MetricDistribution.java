package dev.sparkdoc.source.eventlog.fold;

import com.tdunning.math.stats.MergingDigest;
import dev.sparkdoc.model.Quantiles;
import java.util.Arrays;

/**
 * Values of one task metric over a stage attempt's successful tasks. Exact (a primitive array)
 * up to {@link #EXACT_LIMIT} tasks, then a t-digest so memory stays bounded on stages with
 * hundreds of thousands of tasks. Min and max are always exact.
 */
final class MetricDistribution {

    static final int EXACT_LIMIT = 10_000;
    /** Compression 200 keeps the median within a fraction of a percent on 50,000+ values. */
    private static final double DIGEST_COMPRESSION = 200;

    private long[] values = new long[8];
    private int count;
    private MergingDigest digest;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    void add(long value) {
        min = Math.min(min, value);
        max = Math.max(max, value);
        if (digest != null) {
            digest.add(value);
            return;
        }
        if (count == values.length) {
            if (count >= EXACT_LIMIT) {
                switchToDigest();
                digest.add(value);
                return;
            }
            values = Arrays.copyOf(values, Math.min(EXACT_LIMIT, count * 2));
        }
        values[count++] = value;
    }

    private void switchToDigest() {
        digest = new MergingDigest(DIGEST_COMPRESSION);
        for (int i = 0; i < count; i++) {
            digest.add(values[i]);
        }
        values = null;
    }

    boolean exact() {
        return digest == null;
    }

    long size() {
        return digest == null ? count : digest.size();
    }

    /**
     * Quantiles the way Spark's {@code AppStatusStore.taskSummary} picks them when exact: the
     * sorted value at index {@code min(q * n, n - 1)}, so they match the History Server.
     */
    Quantiles quantiles() {
        if (size() == 0) {
            return Quantiles.ZERO;
        }
        if (digest == null) {
            long[] sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
            return new Quantiles(min, at(sorted, 0.25), at(sorted, 0.5), at(sorted, 0.75), max);
        }
        return new Quantiles(min, clamp(digest.quantile(0.25)), clamp(digest.quantile(0.5)),
                clamp(digest.quantile(0.75)), max);
    }

    private static double at(long[] sorted, double q) {
        int n = sorted.length;
        return sorted[(int) Math.min((long) (q * n), n - 1)];
    }

    private double clamp(double v) {
        return Math.max(min, Math.min(max, v));
    }
}
