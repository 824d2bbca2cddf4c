package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.source.eventlog.events.ExecutorMetricNames;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Executors and the driver: ExecutorAdded/Removed, BlockManagerAdded (the only place the
 * driver and maximum memory appear), task totals, peak ExecutorMetrics (task end, per-stage and
 * driver updates, as Spark's AppStatusListener merges them) and exclusion on failure.
 */
final class ExecutorFolder {

    final Map<String, ExecutorState> executors = new LinkedHashMap<>();
    private final ExecutorMetricNames metricNames;

    ExecutorFolder(ExecutorMetricNames metricNames) {
        this.metricNames = metricNames;
    }

    boolean onEvent(String type, JsonNode e) {
        switch (type) {
            case "SparkListenerExecutorAdded" -> {
                ExecutorState x = executor(e.path("Executor ID").asText());
                JsonNode info = e.path("Executor Info");
                x.host = info.path("Host").asText(x.host);
                x.totalCores = info.path("Total Cores").asInt(x.totalCores);
                x.addTime = e.path("Timestamp").asLong(x.addTime);
            }
            case "SparkListenerExecutorRemoved" -> {
                ExecutorState x = executor(e.path("Executor ID").asText());
                x.removeTime = e.path("Timestamp").asLong(-1);
                x.removeReason = AppFolder.text(e, "Removed Reason");
            }
            case "SparkListenerBlockManagerAdded" -> {
                JsonNode id = e.path("Block Manager ID");
                ExecutorState x = executor(id.path("Executor ID").asText());
                x.host = id.path("Host").asText(x.host);
                x.port = id.path("Port").asInt(x.port);
                x.maxMemory = e.path("Maximum Memory").asLong(x.maxMemory);
                if (x.addTime < 0) {
                    x.addTime = e.path("Timestamp").asLong(-1);
                }
            }
            case "SparkListenerStageExecutorMetrics" ->
                    peaks(e.path("Executor ID").asText(), e.path("Executor Metrics"));
            case "SparkListenerExecutorMetricsUpdate" -> {
                String id = e.path("Executor ID").asText();
                e.path("Executor Metrics Updated").forEach(u -> peaks(id, u.path("Executor Metrics")));
            }
            // Spark 3.1+ posts both the new and the old (Blacklisted) name for each event.
            case "SparkListenerExecutorExcluded", "SparkListenerExecutorBlacklisted" ->
                    executor(e.path("executorId").asText()).excluded = true;
            case "SparkListenerExecutorUnexcluded", "SparkListenerExecutorUnblacklisted" ->
                    executor(e.path("executorId").asText()).excluded = false;
            case "SparkListenerNodeExcluded", "SparkListenerNodeBlacklisted" -> excludeHost(e.path("hostId").asText(), true);
            case "SparkListenerNodeUnexcluded", "SparkListenerNodeUnblacklisted" -> excludeHost(e.path("hostId").asText(), false);
            default -> {
                return false;
            }
        }
        return true;
    }

    private void excludeHost(String host, boolean excluded) {
        executors.values().stream().filter(x -> x.host.equals(host)).forEach(x -> x.excluded = excluded);
    }

    private void peaks(String executorId, JsonNode metrics) {
        if (!metrics.isObject() || metrics.isEmpty()) {
            return;
        }
        long[] values = new long[Math.max(metricNames.size() + metrics.size(), 1)];
        Arrays.fill(values, -1L);
        metrics.fields().forEachRemaining(f -> {
            int idx = metricNames.indexOf(f.getKey());
            values[idx] = f.getValue().asLong();
        });
        executor(executorId).updatePeaks(values);
    }

    void taskStarted(TaskEvent t) {
        ExecutorState x = executor(t.executorId);
        x.started++;
        if (x.host.isEmpty()) {
            x.host = t.host;
        }
    }

    void taskEnded(TaskEvent t) {
        executor(t.executorId).taskEnded(t);
    }

    private ExecutorState executor(String id) {
        return executors.computeIfAbsent(id, ExecutorState::new);
    }
}
