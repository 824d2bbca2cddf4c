package dev.sparkdoc.source.eventlog.fold;

import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Distributions of every {@link TaskMetric} over a stage attempt's successful tasks (the tasks
 * Spark's taskSummary counts). Once the stage attempt completes they are reduced to their
 * quantiles and the values dropped, so memory follows the running stages, not the whole log.
 * A successful task ending after that (a rare speculative duplicate) still counts in the
 * stage's totals but not in its quantiles.
 */
final class StageTaskStats {

    private static final TaskMetric[] METRICS = TaskMetric.values();

    private MetricDistribution[] distributions;
    private TaskQuantiles frozen;

    void add(TaskEvent e) {
        if (frozen != null) {
            return;
        }
        if (distributions == null) {
            distributions = new MetricDistribution[METRICS.length];
            for (int i = 0; i < METRICS.length; i++) {
                distributions[i] = new MetricDistribution();
            }
        }
        for (int i = 0; i < METRICS.length; i++) {
            distributions[i].add(value(METRICS[i], e));
        }
    }

    static long value(TaskMetric metric, TaskEvent e) {
        long[] m = e.metrics;
        return switch (metric) {
            case DURATION -> e.durationMs();
            case EXECUTOR_RUN_TIME -> m[TaskEvent.RUN_TIME];
            case JVM_GC_TIME -> m[TaskEvent.GC_TIME];
            case SCHEDULER_DELAY -> e.schedulerDelayMs();
            case INPUT_BYTES -> m[TaskEvent.INPUT_BYTES];
            case INPUT_RECORDS -> m[TaskEvent.INPUT_RECORDS];
            case SHUFFLE_READ_BYTES -> e.shuffleReadBytes();
            case SHUFFLE_READ_RECORDS -> m[TaskEvent.SHUFFLE_RECORDS_READ];
            case SHUFFLE_WRITE_BYTES -> m[TaskEvent.SHUFFLE_BYTES_WRITTEN];
            case MEMORY_BYTES_SPILLED -> m[TaskEvent.MEMORY_SPILLED];
            case DISK_BYTES_SPILLED -> m[TaskEvent.DISK_SPILLED];
            case PEAK_EXECUTION_MEMORY -> m[TaskEvent.PEAK_EXECUTION_MEMORY];
        };
    }

    /** Reduces the values to quantiles and frees them (the stage attempt has ended). */
    void freeze() {
        if (frozen == null) {
            frozen = compute();
            distributions = null;
        }
    }

    Optional<TaskQuantiles> quantiles() {
        return Optional.ofNullable(frozen != null ? frozen : compute());
    }

    private TaskQuantiles compute() {
        if (distributions == null || distributions[0].size() == 0) {
            return null;
        }
        Map<TaskMetric, Quantiles> byMetric = new EnumMap<>(TaskMetric.class);
        boolean exact = true;
        for (int i = 0; i < METRICS.length; i++) {
            byMetric.put(METRICS[i], distributions[i].quantiles());
            exact &= distributions[i].exact();
        }
        return new TaskQuantiles(distributions[0].size(), exact, byMetric);
    }
}
