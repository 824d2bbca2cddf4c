package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.SqlExecution.PlanEdge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A physical plan graph built from a {@code sparkPlanInfo} tree the way Spark's
 * {@code SparkPlanGraph.buildSparkPlanGraphNode} does: ids in pre-order from 0, edges from child
 * to parent, {@code WholeStageCodegen (N)} as a cluster whose operators carry codegen id N,
 * {@code InputAdapter} and AQE query stages dissolved into their child, and a ReusedExchange
 * pointing at the exchange it reuses.
 */
record SparkPlanGraph(List<Node> nodes, List<PlanEdge> edges) {

    record Metric(String name, long accumulatorId, String metricType) {
    }

    record Node(long nodeId, String name, Optional<Long> wholeStageCodegenId, List<Metric> metrics, String detail) {
    }

    static final SparkPlanGraph EMPTY = new SparkPlanGraph(List.of(), List.of());

    private static final Pattern CODEGEN_ID = Pattern.compile("WholeStageCodegen \\((\\d+)\\)");

    static SparkPlanGraph of(JsonNode planInfo) {
        if (planInfo == null || !planInfo.isObject()) {
            return EMPTY;
        }
        Builder b = new Builder();
        b.build(planInfo, null, null);
        return new SparkPlanGraph(List.copyOf(b.nodes), List.copyOf(b.edges));
    }

    /** Every accumulator ID the plan's metrics use. */
    List<Long> accumulatorIds() {
        List<Long> ids = new ArrayList<>();
        nodes.forEach(n -> n.metrics().forEach(m -> ids.add(m.accumulatorId())));
        return ids;
    }

    private static final class Builder {
        final List<Node> nodes = new ArrayList<>();
        final List<PlanEdge> edges = new ArrayList<>();
        final Map<String, Long> exchangesByString = new HashMap<>();
        long nextId;

        void build(JsonNode info, Long parent, Long codegenId) {
            // interned: a log of thousands of queries repeats the same few operator and metric names
            String name = info.path("nodeName").asText("").intern();
            JsonNode children = info.path("children");
            JsonNode firstChild = children.size() > 0 ? children.get(0) : null;
            if (name.startsWith("WholeStageCodegen")) {
                long clusterId = nextId++;
                Long cg = codegenId(name);
                nodes.add(new Node(clusterId, name, Optional.ofNullable(cg), metrics(info), ""));
                if (firstChild != null) {
                    build(firstChild, parent, cg);
                }
                return;
            }
            if (("InputAdapter".equals(name) || name.endsWith("QueryStage")) && firstChild != null) {
                build(firstChild, parent, "InputAdapter".equals(name) ? null : codegenId);
                return;
            }
            if ("ReusedExchange".equals(name) && firstChild != null) {
                Long reused = exchangesByString.get(firstChild.path("simpleString").asText());
                if (reused != null && parent != null) {
                    edges.add(new PlanEdge(reused, parent));
                    return;
                }
            }
            long id = nextId++;
            nodes.add(new Node(id, name, Optional.ofNullable(codegenId), metrics(info), info.path("simpleString").asText("")));
            if (name.contains("Exchange")) {
                exchangesByString.putIfAbsent(info.path("simpleString").asText(), id);
            }
            if (parent != null) {
                edges.add(new PlanEdge(id, parent));
            }
            for (JsonNode child : children) {
                build(child, id, codegenId);
            }
        }

        private static Long codegenId(String name) {
            Matcher m = CODEGEN_ID.matcher(name);
            return m.find() ? Long.parseLong(m.group(1)) : null;
        }

        private static List<Metric> metrics(JsonNode info) {
            List<Metric> out = new ArrayList<>();
            for (JsonNode m : info.path("metrics")) {
                out.add(new Metric(m.path("name").asText("").intern(), m.path("accumulatorId").asLong(-1),
                        m.path("metricType").asText("sum").intern()));
            }
            return out;
        }
    }
}
