package dev.sparkdoc.signals;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import dev.sparkdoc.model.Stage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/** Facts about a SQL/DataFrame query from its physical plan: joins, aggregations, Python and UDFs. */
public final class SqlSignals {

    public static final List<FactDef> FACTS = new ArrayList<>();

    static {
        def("sql.duration", FactUnit.MS, "query wall time");
        def("sql.failed", FactUnit.BOOLEAN, "the query failed");
        def("sql.running", FactUnit.BOOLEAN, "the query is running (plan metrics are empty until it ends)");
        def("sql.joins.sortMerge", FactUnit.COUNT, "SortMergeJoin operators");
        def("sql.joins.broadcastHash", FactUnit.COUNT, "BroadcastHashJoin operators");
        def("sql.joins.nestedLoop", FactUnit.COUNT, "BroadcastNestedLoopJoin operators (no equi-join condition)");
        def("sql.joins.cartesian", FactUnit.COUNT, "CartesianProduct operators");
        def("sql.join.smallSide", FactUnit.BYTES, "shuffle size of the smaller input of a sort-merge join");
        def("sql.join.largeSide", FactUnit.BYTES, "shuffle size of the larger input of that join");
        def("sql.join.sideRatio", FactUnit.RATIO, "larger / smaller input of that join");
        def("sql.join.suggestedThreshold", FactUnit.BYTES, "an autoBroadcastJoinThreshold that covers the small side: 2 × its size, at least 10 MiB");
        def("sql.aggregates", FactUnit.COUNT, "HashAggregate / ObjectHashAggregate / SortAggregate operators");
        def("sql.aggregates.objectHash", FactUnit.COUNT, "ObjectHashAggregate and SortAggregate operators (collect_list, collect_set, typed aggregators)");
        def("sql.python.operators", FactUnit.COUNT, "Python operators: BatchEvalPython, ArrowEvalPython, *InPandas, MapInArrow");
        def("sql.python.rowUdfs", FactUnit.COUNT, "BatchEvalPython operators (row-at-a-time Python UDFs)");
        def("sql.filters.emptied", FactUnit.COUNT, "Filter or join operators whose input had rows and whose output had none");
        def("sql.shuffleStages.wall", FactUnit.MS, "wall time of the query's stages that shuffle");
        def("sql.stages.wall", FactUnit.MS, "wall time of the query's stages");
        def("sql.secondsLost.shuffle", FactUnit.SECONDS, "half the wall time of the query's shuffle stages: what a broadcast or pre-partitioning could save, roughly");
        def("sql.fractionOfApp", FactUnit.FRACTION, "query wall time / application wall time");
        def("sql.secondsLost.whole", FactUnit.SECONDS, "the query's wall time in seconds");
        def("sql.pythonOperator", FactUnit.TEXT, "the first Python operator's name");
        def("sql.description", FactUnit.TEXT, "the query's description");
    }

    private SqlSignals() {
    }

    private static void def(String name, FactUnit unit, String description) {
        FACTS.add(new FactDef(name, ScopeKind.SQL, unit, description));
    }

    static Scope scope(SqlExecution sql) {
        String d = sql.description().lines().findFirst().orElse("").strip();
        return new Scope(ScopeKind.SQL, Long.toString(sql.id()), d.length() > 80 ? d.substring(0, 77) + "..." : d);
    }

    static void compute(AppContext ctx, SqlExecution sql, FactSink sink) {
        PlanGraph plan = ctx.plan(sql);
        sink.put("sql.duration", sql.durationMs())
                .put("sql.failed", "FAILED".equals(sql.status()))
                .put("sql.running", "RUNNING".equals(sql.status()))
                .put("sql.joins.sortMerge", plan.count("SortMergeJoin"))
                .put("sql.joins.broadcastHash", plan.count("BroadcastHashJoin"))
                .put("sql.joins.nestedLoop", plan.count("BroadcastNestedLoopJoin"))
                .put("sql.joins.cartesian", plan.count("CartesianProduct"))
                .put("sql.aggregates", plan.count("HashAggregate") + plan.count("ObjectHashAggregate") + plan.count("SortAggregate"))
                .put("sql.aggregates.objectHash", plan.count("ObjectHashAggregate") + plan.count("SortAggregate"))
                .put("sql.python.operators", plan.pythonOperators().size())
                .put("sql.python.rowUdfs", plan.count("BatchEvalPython"))
                .put("sql.filters.emptied", plan.emptiedOperators())
                .put("sql.fractionOfApp", FactSink.ratio(sql.durationMs(), ctx.snapshot().application().durationMs(ctx.now())))
                .put("sql.secondsLost.whole", sql.durationMs() / 1000.0)
                .text("sql.description", scope(sql).name());
        plan.pythonOperators().stream().findFirst().ifPresent(n -> sink.text("sql.pythonOperator", n.name()));
        joinSides(plan, sink);
        stageTimes(ctx, sql, sink);
    }

    private static void joinSides(PlanGraph plan, FactSink sink) {
        long small = Long.MAX_VALUE;
        long large = 0;
        for (PlanNode join : plan.named("SortMergeJoin")) {
            List<OptionalLong> sides = plan.children(join).stream().map(plan::shuffleBytesBelow).toList();
            if (sides.size() == 2 && sides.stream().allMatch(OptionalLong::isPresent)) {
                long a = sides.get(0).getAsLong();
                long b = sides.get(1).getAsLong();
                if (Math.min(a, b) < small) {
                    small = Math.min(a, b);
                    large = Math.max(a, b);
                }
            }
        }
        if (small != Long.MAX_VALUE) {
            sink.put("sql.join.smallSide", small).put("sql.join.largeSide", large)
                    .put("sql.join.sideRatio", (double) large / Math.max(1, small))
                    .put("sql.join.suggestedThreshold", Math.max(10L << 20, 2 * small));
        }
    }

    private static void stageTimes(AppContext ctx, SqlExecution sql, FactSink sink) {
        Set<Integer> jobIds = new HashSet<>();
        jobIds.addAll(sql.runningJobIds());
        jobIds.addAll(sql.successJobIds());
        jobIds.addAll(sql.failedJobIds());
        ctx.jobsOfQuery(sql.id()).forEach(job -> jobIds.add(job.jobId()));
        Set<Integer> stageIds = new HashSet<>();
        jobIds.forEach(id -> ctx.jobs(id).forEach(j -> stageIds.addAll(j.stageIds())));
        long all = 0;
        long shuffle = 0;
        for (int stageId : stageIds) {
            for (Stage st : ctx.attempts(stageId)) {
                long wall = st.durationMs(ctx.now()).orElse(0L);
                all += wall;
                if (st.totals().shuffleWriteBytes() > 0 || st.totals().shuffleReadBytes() > 0) {
                    shuffle += wall;
                }
            }
        }
        sink.put("sql.stages.wall", all).put("sql.shuffleStages.wall", shuffle).put("sql.secondsLost.shuffle", shuffle / 2000.0);
    }
}
