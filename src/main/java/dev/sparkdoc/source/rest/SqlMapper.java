package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.source.rest.dto.ExecutionDataDto;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** SQL {@code ExecutionData} → {@link SqlExecution}. */
final class SqlMapper {

    private SqlMapper() {
    }

    /** @param texts operator key ({@link FormattedPlan#key}) → expression text, empty when not read */
    static SqlExecution map(ExecutionDataDto e, Map<String, String> texts) {
        List<SqlExecution.PlanNode> nodes = e.nodes().stream().map(n -> node(n, texts)).toList();
        List<SqlExecution.PlanEdge> edges = e.edges().stream()
                .map(edge -> new SqlExecution.PlanEdge(edge.fromId(), edge.toId())).toList();
        return new SqlExecution(e.id(), Texts.orEmpty(e.description()), Texts.orEmpty(e.status()),
                RestDates.parse(e.submissionTime()), e.duration(), e.runningJobIds(), e.successJobIds(),
                e.failedJobIds(), nodes, edges, Texts.nonBlank(e.errorMessage()));
    }

    /** Job id → the SQL execution that ran it (jobs do not name their execution in REST). */
    static Map<Integer, Long> executionByJob(List<ExecutionDataDto> executions) {
        Map<Integer, Long> out = new HashMap<>();
        for (ExecutionDataDto e : executions) {
            e.runningJobIds().forEach(j -> out.put(j, e.id()));
            e.successJobIds().forEach(j -> out.put(j, e.id()));
            e.failedJobIds().forEach(j -> out.put(j, e.id()));
        }
        return out;
    }

    private static SqlExecution.PlanNode node(ExecutionDataDto.Node n, Map<String, String> texts) {
        List<SqlExecution.PlanMetric> metrics = n.metrics().stream()
                .map(m -> new SqlExecution.PlanMetric(Texts.orEmpty(m.name()), Texts.orEmpty(m.value()),
                        SqlMetricValues.total(m.value())))
                .toList();
        String name = Texts.orEmpty(n.nodeName());
        Optional<Long> codegen = Optional.ofNullable(n.wholeStageCodegenId());
        return new SqlExecution.PlanNode(n.nodeId(), name, codegen, metrics,
                texts.getOrDefault(FormattedPlan.key(name, codegen), ""));
    }
}
