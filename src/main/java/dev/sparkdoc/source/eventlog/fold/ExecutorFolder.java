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
    private final SkippedEvents skipped;

    ExecutorFolder(ExecutorMetricNames metricNames, SkippedEvents skipped) {
        this.metricNames = metricNames;
        this.skipped = skipped;
    }

    boolean onEvent(String type, JsonNode e) {
        if (!handles(type)) {
            return false;
        }
        String id = executorId(type, e);
        if (id.isBlank() && !type.startsWith("SparkListenerNode")) {
            skipped.add(type.substring("SparkListener".length()) + " without an executor id");
            return true;
        }
        fold(type, id, e);
        return true;
    }

    private static boolean handles(String type) {
        return switch (type) {
            case "SparkListenerExecutorAdded", "SparkListenerExecutorRemoved", "SparkListenerBlockManagerAdded",
                 "SparkListenerStageExecutorMetrics", "SparkListenerExecutorMetricsUpdate",
                 "SparkListenerExecutorExcluded", "SparkListenerExecutorBlacklisted",
                 "SparkListenerExecutorUnexcluded", "SparkListenerExecutorUnblacklisted",
                 "SparkListenerNodeExcluded", "SparkListenerNodeBlacklisted",
                 "SparkListenerNodeUnexcluded", "SparkListenerNodeUnblacklisted" -> true;
            default -> false;
        };
    }

    /** Where each event names its executor ("" when it does not; node events name a host instead). */
    private static String executorId(String type, JsonNode e) {
        return switch (type) {
            case "SparkListenerBlockManagerAdded" -> e.path("Block Manager ID").path("Executor ID").asText("");
            case "SparkListenerExecutorExcluded", "SparkListenerExecutorBlacklisted",
                 "SparkListenerExecutorUnexcluded", "SparkListenerExecutorUnblacklisted" -> e.path("executorId").asText("");
            default -> e.path("Executor ID").asText("");
        };
    }

    private void fold(String type, String id, JsonNode e) {
        switch (type) {
            case "SparkListenerExecutorAdded" -> {
                ExecutorState x = executor(id);
                JsonNode info = e.path("Executor Info");
                x.host = info.path("Host").asText(x.host);
                x.totalCores = info.path("Total Cores").asInt(x.totalCores);
                info.path("Log Urls").fields().forEachRemaining(u -> x.logUrls.put(u.getKey(), u.getValue().asText()));
                x.addTime = e.path("Timestamp").asLong(x.addTime);
            }
            case "SparkListenerExecutorRemoved" -> {
                ExecutorState x = executor(id);
                x.removeTime = e.path("Timestamp").asLong(-1);
                x.removed = true;
                x.removeReason = AppFolder.text(e, "Removed Reason");
            }
            case "SparkListenerBlockManagerAdded" -> {
                JsonNode bm = e.path("Block Manager ID");
                ExecutorState x = executor(id);
                x.host = bm.path("Host").asText(x.host);
                x.port = bm.path("Port").asInt(x.port);
                x.maxMemory = e.path("Maximum Memory").asLong(x.maxMemory);
                if (x.addTime < 0) {
                    x.addTime = e.path("Timestamp").asLong(-1);
                }
            }
            case "SparkListenerStageExecutorMetrics" -> peaks(id, e.path("Executor Metrics"));
            case "SparkListenerExecutorMetricsUpdate" ->
                    e.path("Executor Metrics Updated").forEach(u -> peaks(id, u.path("Executor Metrics")));
            // Spark 3.1+ posts both the new and the old (Blacklisted) name for each event.
            case "SparkListenerExecutorExcluded", "SparkListenerExecutorBlacklisted" ->
                    executor(id).excluded = true;
            case "SparkListenerExecutorUnexcluded", "SparkListenerExecutorUnblacklisted" ->
                    executor(id).excluded = false;
            case "SparkListenerNodeExcluded", "SparkListenerNodeBlacklisted" -> excludeHost(e.path("hostId").asText(), true);
            case "SparkListenerNodeUnexcluded", "SparkListenerNodeUnblacklisted" -> excludeHost(e.path("hostId").asText(), false);
            default -> throw new IllegalStateException("not an executor event: " + type);
        }
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

    /** A task whose line names no executor still counts in its stage, not in an executor "". */
    void taskStarted(TaskEvent t) {
        if (t.executorId.isEmpty()) {
            return;
        }
        ExecutorState x = executor(t.executorId);
        x.started++;
        if (x.host.isEmpty()) {
            x.host = t.host;
        }
    }

    void taskEnded(TaskEvent t) {
        if (t.executorId.isEmpty()) {
            return;
        }
        executor(t.executorId).taskEnded(t);
    }

    private ExecutorState executor(String id) {
        return executors.computeIfAbsent(id, ExecutorState::new);
    }
}
