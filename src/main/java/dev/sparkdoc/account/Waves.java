package dev.sparkdoc.account;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Stages whose even tasks ran in two or more waves on the slots the application had, and the
 * executors that would have run them in one: the smallest count that removes the waves of the
 * largest such stage, but no more than double the executors it had (a request a cluster is likely
 * to grant; the estimate says what that much buys).
 *
 * @param stages          stages of even tasks that ran in two waves or more
 * @param mostWaves       the most waves one of them ran
 * @param executorsHad    executors alive at once at the app's peak (1 in local mode: the driver)
 * @param proposedExecutors executors that remove the waves, at most twice those the app had
 */
public record Waves(int stages, long mostWaves, int executorsHad, int proposedExecutors) {

    /**
     * Tasks are even when the middle half of their durations lies within 25 % of the median and the
     * slowest within 50 %: a wave of them ends together, so a partial wave is idle slots, not a tail.
     */
    static final double MIDDLE_SPREAD = 0.25;
    static final double SLOWEST_SPREAD = 0.5;

    public static Waves of(AppSnapshot snapshot, ToIntFunction<Executor> slotsOf, int slotsIfNone) {
        ExecutorLayout had = ExecutorLayout.of(snapshot, slotsOf, slotsIfNone);
        int stages = 0;
        long mostWaves = 0;
        long mostTasks = 0;
        for (Stage st : snapshot.stages()) {
            long tasks = st.tasks().completed();
            if (tasks > had.slots() && even(snapshot, st)) {
                stages++;
                mostWaves = Math.max(mostWaves, (tasks + had.slots() - 1) / had.slots());
                mostTasks = Math.max(mostTasks, tasks);
            }
        }
        long removing = (mostTasks + had.cores() - 1) / had.cores();
        long proposed = Math.max(had.executors() + 1L, Math.min(removing, 2L * had.executors()));
        return new Waves(stages, mostWaves, had.executors(), (int) Math.min(WhatIfRequest.MOST, proposed));
    }

    /**
     * The first wave on fresh JVMs can take several times the next ones (WarmUp): the waves after it
     * are still even, so its tasks are set aside; when the source kept every task they are measured
     * without them, otherwise the middle half (which a first wave of a large stage hardly moves) is.
     */
    private static boolean even(AppSnapshot snapshot, Stage st) {
        if (st.quantiles().isEmpty()) {
            return false;
        }
        var q = st.quantiles().get().get(TaskMetric.DURATION);
        WarmUp warmUp = WarmUp.of(snapshot, st);
        if (!warmUp.explains()) {
            return even(q.p25(), q.p50(), q.p75(), q.max());
        }
        List<TaskSample> warm = warmUp.warm(st);
        if (warm.size() + warmUp.cold().size() < st.tasks().completed()) {
            return even(q.p25(), q.p50(), q.p75(), warm.isEmpty() ? q.max() : warm.get(0).durationMs());
        }
        double[] d = warm.stream().mapToDouble(TaskSample::durationMs).sorted().toArray();
        return d.length >= 2 && even(at(d, 0.25), at(d, 0.5), at(d, 0.75), d[d.length - 1]);
    }

    private static boolean even(double p25, double median, double p75, double max) {
        return median > 0 && p25 >= median * (1 - MIDDLE_SPREAD) && p75 <= median * (1 + MIDDLE_SPREAD)
                && max <= median * (1 + SLOWEST_SPREAD);
    }

    /** The nearest-rank quantile of sorted values. */
    private static double at(double[] sorted, double quantile) {
        return sorted[(int) Math.round(quantile * (sorted.length - 1))];
    }
}
