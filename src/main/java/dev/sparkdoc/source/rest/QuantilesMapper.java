package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.source.rest.dto.TaskMetricDistributionsDto;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code taskSummary} → {@link TaskQuantiles}. sparkdoc asks for {@code 0.0,0.25,0.5,0.75,1.0};
 * the values are picked by the quantile nearest to each of those, so an answer computed for other
 * quantiles (Spark's default is 0.05…0.95) still maps sensibly.
 */
final class QuantilesMapper {

    static final String REQUESTED = "0.0,0.25,0.5,0.75,1.0";
    private static final double[] TARGETS = {0.0, 0.25, 0.5, 0.75, 1.0};

    private QuantilesMapper() {
    }

    /** @param taskCount tasks the summary covers (Spark counts finished tasks with metrics) */
    static TaskQuantiles map(TaskMetricDistributionsDto d, long taskCount) {
        Map<TaskMetric, Quantiles> metrics = new EnumMap<>(TaskMetric.class);
        List<Double> q = d.quantiles();
        put(metrics, TaskMetric.DURATION, q, d.duration());
        put(metrics, TaskMetric.EXECUTOR_RUN_TIME, q, d.executorRunTime());
        put(metrics, TaskMetric.JVM_GC_TIME, q, d.jvmGcTime());
        put(metrics, TaskMetric.SCHEDULER_DELAY, q, d.schedulerDelay());
        put(metrics, TaskMetric.INPUT_BYTES, q, d.inputMetrics().bytesRead());
        put(metrics, TaskMetric.INPUT_RECORDS, q, d.inputMetrics().recordsRead());
        put(metrics, TaskMetric.SHUFFLE_READ_BYTES, q, d.shuffleReadMetrics().readBytes());
        put(metrics, TaskMetric.SHUFFLE_READ_RECORDS, q, d.shuffleReadMetrics().readRecords());
        put(metrics, TaskMetric.SHUFFLE_WRITE_BYTES, q, d.shuffleWriteMetrics().writeBytes());
        put(metrics, TaskMetric.MEMORY_BYTES_SPILLED, q, d.memoryBytesSpilled());
        put(metrics, TaskMetric.DISK_BYTES_SPILLED, q, d.diskBytesSpilled());
        put(metrics, TaskMetric.PEAK_EXECUTION_MEMORY, q, d.peakExecutionMemory());
        return new TaskQuantiles(taskCount, true, metrics);
    }

    /** A metric with a null where a picked quantile's value should be is left out, not read as 0. */
    private static void put(Map<TaskMetric, Quantiles> out, TaskMetric metric, List<Double> quantiles, List<Double> values) {
        if (values.isEmpty() || values.size() != quantiles.size()) {
            return;
        }
        double[] v = new double[TARGETS.length];
        for (int i = 0; i < TARGETS.length; i++) {
            int at = nearest(quantiles, TARGETS[i]);
            if (at < 0 || values.get(at) == null) {
                return;
            }
            v[i] = values.get(at);
        }
        out.put(metric, new Quantiles(v[0], v[1], v[2], v[3], v[4]));
    }

    /** The index of the quantile nearest to {@code target}, -1 when none is given (all null). */
    private static int nearest(List<Double> quantiles, double target) {
        int best = -1;
        for (int i = 0; i < quantiles.size(); i++) {
            Double q = quantiles.get(i);
            if (q != null && (best < 0 || Math.abs(q - target) < Math.abs(quantiles.get(best) - target))) {
                best = i;
            }
        }
        return best;
    }
}
