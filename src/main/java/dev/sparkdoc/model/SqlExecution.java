package dev.sparkdoc.model;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A SQL/DataFrame query execution with its physical plan graph.
 *
 * @param status RUNNING, COMPLETED or FAILED
 * @param nodes  plan operators; their metrics are empty while the query runs (Spark fills them
 *               only at the end)
 * @param modifiedConfigs the session settings the query ran with that differ from the
 *               application's (the event log's {@code modifiedConfigs}, Spark 3.4+; REST does not
 *               serve them), secrets redacted
 */
public record SqlExecution(
        long id,
        String description,
        String status,
        Optional<Instant> submissionTime,
        long durationMs,
        List<Integer> runningJobIds,
        List<Integer> successJobIds,
        List<Integer> failedJobIds,
        List<PlanNode> nodes,
        List<PlanEdge> edges,
        Optional<String> errorMessage,
        Map<String, String> modifiedConfigs) {

    public SqlExecution {
        // snapshots written before sparkdoc kept them read as null
        modifiedConfigs = modifiedConfigs == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(modifiedConfigs));
        runningJobIds = List.copyOf(runningJobIds);
        successJobIds = List.copyOf(successJobIds);
        failedJobIds = List.copyOf(failedJobIds);
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    /** A query whose session settings are unknown or the application's own. */
    public SqlExecution(long id, String description, String status, Optional<Instant> submissionTime, long durationMs,
            List<Integer> runningJobIds, List<Integer> successJobIds, List<Integer> failedJobIds, List<PlanNode> nodes,
            List<PlanEdge> edges, Optional<String> errorMessage) {
        this(id, description, status, submissionTime, durationMs, runningJobIds, successJobIds, failedJobIds, nodes, edges,
                errorMessage, Map.of());
    }

    /**
     * A plan operator.
     *
     * @param detail the operator with its expressions as Spark prints it ({@code simpleString} in
     *               the event log, the formatted plan's entry over REST), cut to
     *               {@link #DETAIL_LIMIT} characters; empty when unknown (snapshots written before
     *               sparkdoc kept it read as empty)
     */
    public record PlanNode(long nodeId, String name, Optional<Long> wholeStageCodegenId, List<PlanMetric> metrics,
                           String detail) {

        /** Wide projections print thousands of columns; the operator's head names its UDFs. */
        public static final int DETAIL_LIMIT = 2000;

        public PlanNode {
            metrics = List.copyOf(metrics);
            detail = detail == null ? "" : detail.length() > DETAIL_LIMIT ? detail.substring(0, DETAIL_LIMIT) + "..." : detail;
        }

        public PlanNode(long nodeId, String name, Optional<Long> wholeStageCodegenId, List<PlanMetric> metrics) {
            this(nodeId, name, wholeStageCodegenId, metrics, "");
        }
    }

    public record PlanEdge(long fromId, long toId) {
    }

    /**
     * A plan metric.
     *
     * @param display what the Spark UI shows (e.g. "total (min, med, max)\n1.2 s (…)")
     * @param total   the total in base units (rows, bytes, ms) where it could be read
     */
    public record PlanMetric(String name, String display, Optional<Long> total) {
    }
}
