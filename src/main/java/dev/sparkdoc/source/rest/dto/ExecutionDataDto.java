package dev.sparkdoc.source.rest.dto;

import java.util.List;

/**
 * SQL {@code ExecutionData} ({@code sql/core/.../status/api/v1/sql/api.scala}). Node metric
 * values are the UI's display strings and are empty while the query runs.
 * {@code errorMessage} is not part of every Spark version's REST object; read when present.
 * {@code planDescription} is the plan as {@code EXPLAIN FORMATTED} prints it, empty unless asked for.
 */
public record ExecutionDataDto(
        long id,
        String status,
        String description,
        String planDescription,
        String submissionTime,
        long duration,
        List<Integer> runningJobIds,
        List<Integer> successJobIds,
        List<Integer> failedJobIds,
        List<Node> nodes,
        List<Edge> edges,
        String errorMessage) {

    public ExecutionDataDto {
        runningJobIds = Lists.orEmpty(runningJobIds);
        successJobIds = Lists.orEmpty(successJobIds);
        failedJobIds = Lists.orEmpty(failedJobIds);
        nodes = Lists.orEmpty(nodes);
        edges = Lists.orEmpty(edges);
    }

    public boolean finished() {
        return !"RUNNING".equals(status);
    }

    public record Node(long nodeId, String nodeName, Long wholeStageCodegenId, List<Metric> metrics) {
        public Node {
            metrics = Lists.orEmpty(metrics);
        }
    }

    public record Metric(String name, String value) {
    }

    public record Edge(long fromId, long toId) {
    }
}
