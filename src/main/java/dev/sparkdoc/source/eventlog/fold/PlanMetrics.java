package dev.sparkdoc.source.eventlog.fold;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.model.SqlExecution.PlanMetric;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Plan nodes with their metric totals. The display text is the total in the unit of Spark's
 * metric type ({@code SQLMetrics}: sum, size, timing in ms, nsTiming in ns); Spark's UI adds
 * per-task min/med/max, which an event-log reader would need every task's value for.
 */
final class PlanMetrics {

    private PlanMetrics() {
    }

    static List<PlanNode> nodes(SparkPlanGraph plan, AccumulatorSums sums) {
        List<PlanNode> out = new ArrayList<>();
        for (SparkPlanGraph.Node n : plan.nodes()) {
            List<PlanMetric> metrics = new ArrayList<>();
            for (SparkPlanGraph.Metric m : n.metrics()) {
                OptionalLong total = sums.sum(m.accumulatorId());
                String display = total.isPresent() ? display(m.metricType(), total.getAsLong()) : "";
                metrics.add(new PlanMetric(m.name(), display,
                        total.isPresent() ? Optional.of(total.getAsLong()) : Optional.empty()));
            }
            out.add(new PlanNode(n.nodeId(), n.name(), n.wholeStageCodegenId(), metrics, n.detail()));
        }
        return out;
    }

    static String display(String metricType, long total) {
        return switch (metricType) {
            case "size" -> ByteFormat.of(total);
            case "timing" -> DurationFormat.of(total);
            case "nsTiming" -> DurationFormat.of(total / 1_000_000);
            default -> CountFormat.of(total);
        };
    }
}
