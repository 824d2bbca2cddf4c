package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SQL executions (Spark's SQLAppStatusListener events) and the sums of their plan metrics.
 * A plan metric's value is the sum of the task accumulable updates with its accumulator id
 * plus the driver's own updates (SparkListenerDriverAccumUpdates).
 */
final class SqlFolder {

    static final class SqlState {
        final long id;
        String description = "";
        long startTime = -1;
        long endTime = -1;
        boolean ended;
        String errorMessage;
        final Map<String, String> modifiedConfigs = new LinkedHashMap<>();
        SparkPlanGraph plan = SparkPlanGraph.EMPTY;

        SqlState(long id) {
            this.id = id;
        }
    }

    final Map<Long, SqlState> executions = new LinkedHashMap<>();
    final AccumulatorSums accumulators = new AccumulatorSums();

    boolean onEvent(String type, JsonNode e) {
        switch (type) {
            case "SparkListenerSQLExecutionStart" -> {
                SqlState sql = execution(e);
                sql.description = e.path("description").asText("");
                sql.startTime = e.path("time").asLong(-1);
                // Spark 3.4+: the session settings that differ from the SparkContext's
                e.path("modifiedConfigs").properties().forEach(c -> {
                    if (c.getValue().isValueNode()) {
                        sql.modifiedConfigs.put(c.getKey(), c.getValue().asText());
                    }
                });
                plan(sql, e.path("sparkPlanInfo"));
            }
            case "SparkListenerSQLExecutionEnd" -> {
                SqlState sql = execution(e);
                sql.endTime = e.path("time").asLong(-1);
                sql.ended = true;
                // Spark 3.4+ writes errorMessage, "" on success
                String error = AppFolder.text(e, "errorMessage");
                sql.errorMessage = error == null || error.isEmpty() ? null : error;
            }
            // AQE replaces the plan as it re-optimizes; the last one is what ran.
            case "SparkListenerSQLAdaptiveExecutionUpdate" -> plan(execution(e), e.path("sparkPlanInfo"));
            case "SparkListenerSQLAdaptiveSQLMetricUpdates" ->
                    e.path("sqlPlanMetrics").forEach(m -> accumulators.register(m.path("accumulatorId").asLong()));
            case "SparkListenerDriverAccumUpdates" -> {
                for (JsonNode pair : e.path("accumUpdates")) {
                    if (pair.isArray() && pair.size() == 2) {
                        accumulators.add(pair.get(0).asLong(), pair.get(1).asLong());
                    }
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void plan(SqlState sql, JsonNode planInfo) {
        if (!planInfo.isObject()) {
            return;
        }
        sql.plan = SparkPlanGraph.of(planInfo);
        sql.plan.accumulatorIds().forEach(accumulators::register);
    }

    /** Adds a successful task's SQL metric updates (Spark does not count failed tasks' SQL metrics). */
    void taskEnded(TaskEvent t) {
        if (!t.succeeded()) {
            return;
        }
        for (int i = 0; i < t.accumCount; i++) {
            accumulators.add(t.accumIds[i], t.accumUpdates[i]);
        }
    }

    private SqlState execution(JsonNode e) {
        return executions.computeIfAbsent(e.path("executionId").asLong(), SqlState::new);
    }
}
