package dev.sparkdoc.model;

import java.util.EnumMap;
import java.util.Map;

/**
 * Distributions of task metrics over a stage attempt's finished tasks.
 *
 * @param taskCount number of tasks the quantiles were computed over
 * @param exact     false when they come from a sketch (very large stages in event logs)
 */
public record TaskQuantiles(long taskCount, boolean exact, Map<TaskMetric, Quantiles> metrics) {

    public TaskQuantiles {
        EnumMap<TaskMetric, Quantiles> copy = new EnumMap<>(TaskMetric.class);
        copy.putAll(metrics);
        metrics = java.util.Collections.unmodifiableMap(copy);
    }

    public Quantiles get(TaskMetric metric) {
        return metrics.getOrDefault(metric, Quantiles.ZERO);
    }
}
