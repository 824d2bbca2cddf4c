package dev.sparkdoc.signals;

import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import dev.sparkdoc.model.Stage;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a query's UDFs plausibly cost: the task time of the pipelines that evaluate them.
 *
 * <p>Once the query has run, each whole-stage-codegen cluster's {@code duration} metric is the
 * summed wall time of its tasks' pipeline ({@code BufferedRowIterator.durationMs}: from the
 * iterator's start to its end, so it includes a Python eval feeding it and a UDF sleeping). A UDF's
 * pipeline is its operator's cluster, or the nearest one above a Python operator. While a query
 * runs Spark has no metric yet; then only a plan without exchanges (one pipeline per job) is
 * attributed, to all of the query's stages. Anything else stays unknown rather than blaming the UDF.
 *
 * @param taskMs task time of the UDF's pipelines
 * @param share  that time / the executor run time of all the query's stages
 */
record UdfCost(long taskMs, double share, double secondsLost) {

    static Optional<UdfCost> of(AppContext ctx, SqlExecution sql, PlanGraph plan, List<PlanNode> udfNodes) {
        List<Stage> stages = ctx.stagesOfQuery(sql);
        long queryRunMs = stages.stream().mapToLong(s -> s.totals().executorRunTimeMs()).sum();
        if (queryRunMs <= 0 || udfNodes.isEmpty()) {
            return Optional.empty();
        }
        Optional<Long> pipelines = pipelineMs(plan, udfNodes);
        long udfMs;
        if (pipelines.isPresent()) {
            udfMs = Math.min(pipelines.get(), queryRunMs);
        } else if (plan.nodes().stream().noneMatch(n -> n.name().contains("Exchange"))) {
            udfMs = queryRunMs;
        } else {
            return Optional.empty();
        }
        // task time over the slots that ran it; never more than the query's own wall time
        double lost = Math.min(udfMs / 1000.0 / ctx.slots(), sql.durationMs() / 1000.0);
        return Optional.of(new UdfCost(udfMs, (double) udfMs / queryRunMs, lost));
    }

    /** Summed {@code duration} of the UDFs' distinct pipelines; empty when one is not known. */
    private static Optional<Long> pipelineMs(PlanGraph plan, List<PlanNode> udfNodes) {
        Set<Long> seen = new HashSet<>();
        long total = 0;
        for (PlanNode n : udfNodes) {
            Optional<PlanNode> cluster = plan.pipeline(n);
            if (cluster.isEmpty()) {
                return Optional.empty();
            }
            if (!seen.add(cluster.get().nodeId())) {
                continue;
            }
            Optional<Long> ms = PlanGraph.metric(cluster.get(), "duration");
            if (ms.isEmpty()) {
                return Optional.empty();
            }
            total += ms.get();
        }
        return Optional.of(total);
    }
}
