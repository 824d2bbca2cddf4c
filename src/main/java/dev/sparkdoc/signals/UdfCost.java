package dev.sparkdoc.signals;

import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a query's UDFs plausibly cost: the task time of the pipelines that evaluate them.
 *
 * <p>Once the query has run, each whole-stage-codegen cluster's {@code duration} metric is the
 * summed wall time of its tasks' pipeline ({@code BufferedRowIterator.durationMs}: from the
 * iterator's start to its end, so it includes a Python eval feeding it and a UDF sleeping). A UDF's
 * pipeline is its operator's cluster, or the nearest one above a Python operator. While a query
 * runs the metric counts only finished tasks (a heartbeat may show it at 0 ms); then, as when it is
 * missing, a plan without exchanges (one pipeline per job) is attributed to all of the query's
 * stages, and a UDF with no exchange below it (it runs where the data is read) to the query's
 * source stages, each stage's task time so far counting its running tasks' age (the larger of
 * the two readings, while it runs). Anything else stays unknown rather than blaming the UDF.
 *
 * @param taskMs task time of the UDF's pipelines
 * @param share  that time / the executor run time of all the query's stages
 */
record UdfCost(long taskMs, double share, double secondsLost) {

    static Optional<UdfCost> of(AppContext ctx, SqlExecution sql, PlanGraph plan, List<PlanNode> udfNodes) {
        List<Stage> stages = ctx.stagesOfQuery(sql);
        long queryRunMs = stages.stream().mapToLong(UdfCost::taskTimeSoFar).sum();
        if (queryRunMs <= 0 || udfNodes.isEmpty()) {
            return Optional.empty();
        }
        Optional<Long> pipelines = pipelineMs(plan, udfNodes);
        // while the query runs, a pipeline's duration counts only its finished tasks (a heartbeat may
        // already show it, at 0 ms): what the running tasks have spent so far is read from their age
        OptionalLong byPlan = byPlanShape(ctx, sql, plan, udfNodes, queryRunMs);
        long udfMs;
        if ("RUNNING".equals(sql.status()) && byPlan.isPresent()) {
            udfMs = Math.min(Math.max(pipelines.orElse(0L), byPlan.getAsLong()), queryRunMs);
        } else if (pipelines.isPresent()) {
            udfMs = Math.min(pipelines.get(), queryRunMs);
        } else if (byPlan.isPresent()) {
            udfMs = byPlan.getAsLong();
        } else {
            return Optional.empty();
        }
        if (udfMs <= 0) {
            return Optional.empty();
        }
        // task time over the slots that ran it; never more than the query's own wall time
        double lost = Math.min(udfMs / 1000.0 / ctx.slots(), sql.durationMs() / 1000.0);
        return Optional.of(new UdfCost(udfMs, (double) udfMs / queryRunMs, lost));
    }

    /**
     * Without pipeline durations: a plan without exchanges runs everything in every stage; a UDF
     * with no exchange below it runs at least where the data is read (a final aggregate merely
     * names it: sum(normalize(id)) of partial sums). Empty when the UDF's stage cannot be told.
     */
    private static OptionalLong byPlanShape(AppContext ctx, SqlExecution sql, PlanGraph plan, List<PlanNode> udfNodes,
            long queryRunMs) {
        if (plan.nodes().stream().noneMatch(UdfCost::exchange)) {
            return OptionalLong.of(queryRunMs);
        }
        if (udfNodes.stream().anyMatch(n -> !exchangeBelow(plan, n))) {
            return OptionalLong.of(sourceStages(ctx, sql).stream().mapToLong(UdfCost::taskTimeSoFar).sum());
        }
        return OptionalLong.empty();
    }

    /** A stage's task time so far: its finished tasks' run time, and the age of those still running. */
    static long taskTimeSoFar(Stage s) {
        return s.totals().executorRunTimeMs()
                + s.notableTasks().stream().filter(TaskSample::running).mapToLong(TaskSample::durationMs).sum();
    }

    private static boolean exchange(PlanNode n) {
        return n.name().contains("Exchange");
    }

    private static boolean exchangeBelow(PlanGraph plan, PlanNode node) {
        Deque<PlanNode> queue = new ArrayDeque<>(plan.children(node));
        Set<Long> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            PlanNode n = queue.poll();
            if (seen.add(n.nodeId())) {
                if (exchange(n)) {
                    return true;
                }
                queue.addAll(plan.children(n));
            }
        }
        return false;
    }

    /**
     * The query's stages that read no shuffle: the first stage of each of its jobs (Spark numbers
     * a stage's parents before it, and a job lists every stage its result depends on), when it ran.
     */
    private static List<Stage> sourceStages(AppContext ctx, SqlExecution sql) {
        List<Stage> stages = ctx.stagesOfQuery(sql);
        Set<Integer> ids = new HashSet<>();
        for (Stage st : stages) {
            ctx.jobOf(st).flatMap(j -> j.stageIds().stream().min(Integer::compare)).ifPresent(ids::add);
        }
        return stages.stream().filter(st -> ids.contains(st.stageId()))
                .filter(st -> st.tasks().completed() + st.tasks().active() > 0).toList();
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
