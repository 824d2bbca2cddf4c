package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import dev.sparkdoc.model.Stage;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Facts about a SQL/DataFrame query from its physical plan: joins, aggregations, Python and UDFs. */
public final class SqlSignals {

    public static final FactList FACTS = new FactList(ScopeKind.SQL);
    public static final Fact DURATION = FACTS.ms("sql.duration", "query wall time");
    public static final Fact JOINS_SORT_MERGE = FACTS.count("sql.joins.sortMerge", "SortMergeJoin operators");
    public static final Fact JOINS_NESTED_LOOP = FACTS.count("sql.joins.nestedLoop",
            "BroadcastNestedLoopJoin operators (no equi-join condition)");
    public static final Fact JOINS_CARTESIAN = FACTS.count("sql.joins.cartesian", "CartesianProduct operators");
    public static final Fact JOIN_SMALL_SIDE = FACTS.bytes("sql.join.smallSide", "shuffle size of the smaller input of a sort-merge join");
    public static final Fact JOIN_LARGE_SIDE = FACTS.bytes("sql.join.largeSide", "shuffle size of the larger input of that join");
    public static final Fact JOIN_SIDE_RATIO = FACTS.ratio("sql.join.sideRatio", "larger / smaller input of that join");
    public static final Fact JOIN_SUGGESTED_THRESHOLD = FACTS.bytes("sql.join.suggestedThreshold",
            "an autoBroadcastJoinThreshold that covers the small side: 2 × its size, at least 10 MiB");
    public static final Fact JOIN_SUGGESTED_THRESHOLD_HOW = FACTS.text("sql.join.suggestedThreshold.how",
            "how sql.join.suggestedThreshold was reached");
    public static final Fact AGGREGATES = FACTS.count("sql.aggregates", "HashAggregate / ObjectHashAggregate / SortAggregate operators");
    public static final Fact AGGREGATES_OBJECT_HASH = FACTS.count("sql.aggregates.objectHash",
            "ObjectHashAggregate and SortAggregate operators (collect_list, collect_set, typed aggregators)");
    public static final Fact OBJECT_AGG_BUILD_TIME = FACTS.ms("sql.aggregates.objectHash.buildTime",
            "ObjectHashAggregate's own 'time in aggregation build', summed over its tasks");
    public static final Fact OBJECT_AGG_SORT_FALLBACKS = FACTS.count("sql.aggregates.objectHash.sortFallbacks",
            "tasks whose ObjectHashAggregate outgrew its hash map and fell back to sorting ('number of sort fallback tasks')");
    public static final Fact OBJECT_AGG_SECONDS_LOST = FACTS.seconds("sql.aggregates.objectHash.secondsLost",
            "the object aggregates' build time over the slots; for SortAggregate, which times nothing, half the shuffle"
                    + " stages' wall time (sql.secondsLost.shuffle)");
    public static final Fact PYTHON_OPERATORS = FACTS.count("sql.python.operators",
            "Python operators: BatchEvalPython, ArrowEvalPython, *InPandas, MapInArrow");
    public static final Fact PYTHON_ROW_UDFS = FACTS.count("sql.python.rowUdfs", "BatchEvalPython operators (row-at-a-time Python UDFs)");
    public static final Fact PYTHON_OPERATOR = FACTS.text("sql.pythonOperator", "the first Python operator's name");
    public static final Fact RUNNING_THREAD = FACTS.text("sql.running.thread",
            "where the query's longest-running task is now, from its executor's thread dump (live drivers): its user frame and thread state");
    public static final Fact FILTERS_EMPTIED = FACTS.count("sql.filters.emptied",
            "Filter or join operators whose input had rows and whose output had none");
    public static final Fact EMPTIED_WRITE = FACTS.flag("sql.filters.emptiedWrite",
            "the query writes its rows out (a file or table) and a filter or join in it let none through: it wrote nothing");
    /** fewer input rows than this multiply into nothing worth a finding */
    private static final long ROWS_EXPLOSION_MIN_IN = 10_000;
    public static final Fact ROWS_EXPLOSION = FACTS.ratio("sql.rows.explosion",
            "output rows / input rows of the explode or join that multiplies rows most (of 10,000 input rows or more)");
    public static final Fact ROWS_EXPLOSION_GENERATE = FACTS.flag("sql.rows.explosion.generate",
            "that operator is a generator (explode, posexplode, inline): else a join fanning out on duplicated keys");
    public static final Fact ROWS_EXPLOSION_OPERATOR = FACTS.text("sql.rows.explosion.operator", "that operator's name");
    public static final Fact ROWS_EXPLOSION_OUT = FACTS.count("sql.rows.explosion.rowsOut", "that operator's output rows");
    public static final Fact ROWS_EXPLOSION_IN = FACTS.count("sql.rows.explosion.rowsIn", "that operator's (larger) input rows");
    public static final Fact JOIN_FAN_OUT = FACTS.ratio("sql.join.fanOut",
            "output rows / the larger input's rows of the equi-join (BroadcastHashJoin, SortMergeJoin, ShuffledHashJoin) that"
                    + " multiplies rows most, of 10,000 input rows or more: above 2, a key repeats on both sides (many-to-many)");
    public static final Fact JOIN_FAN_OUT_JOIN = FACTS.text("sql.join.fanOut.join",
            "that join for a title: its operator and the keys its plan prints (\"BroadcastHashJoin on customer_id\")");
    public static final Fact JOIN_FAN_OUT_KEYS = FACTS.text("sql.join.fanOut.keys", "that join's keys, as its plan prints them");
    public static final Fact JOIN_FAN_OUT_IN = FACTS.count("sql.join.fanOut.rowsIn", "that join's larger input's rows");
    public static final Fact JOIN_FAN_OUT_OUT = FACTS.count("sql.join.fanOut.rowsOut", "that join's output rows");
    public static final Fact JOIN_FAN_OUT_TASK_TIME = FACTS.ms("sql.join.fanOut.taskTime",
            "task time of the work on the join's output: the summed duration of its codegen pipeline and of every one above it;"
                    + " without pipeline durations, the task time of all the query's stages");
    public static final Fact JOIN_FAN_OUT_SECONDS_LOST = FACTS.seconds("sql.join.fanOut.secondsLost",
            "the share of that task time the extra rows cost (1 - 1/sql.join.fanOut) over the slots, at most the query's duration");
    public static final Fact NESTED_LOOP_PAIRS = FACTS.count("sql.join.nestedLoop.pairs",
            "pairs of rows the largest nested-loop join (BroadcastNestedLoopJoin, CartesianProduct) compared: its inputs' rows multiplied");
    public static final Fact NESTED_LOOP_SIDES = FACTS.text("sql.join.nestedLoop.sides",
            "that join's inputs, for a title: \"100,000 × 24,000 rows\"");
    public static final Fact EXPAND = FACTS.ratio("sql.rows.expand", "output rows / input rows of the Expand that multiplies rows most");
    public static final Fact EXPAND_IN = FACTS.count("sql.rows.expand.rowsIn", "that Expand's input rows");
    public static final Fact EXPAND_OUT = FACTS.count("sql.rows.expand.rowsOut", "that Expand's output rows");
    public static final Fact EXPAND_DISTINCT = FACTS.flag("sql.rows.expand.distinct",
            "that Expand is Spark's rewrite of several DISTINCT aggregates (a row copy per distinct group, tagged gid), not grouping sets");
    public static final Fact OBJECT_AGG_ROW_BYTES = FACTS.bytes("sql.aggregates.objectHash.rowBytes",
            "average in-memory size of the rows a partial object aggregate hands its shuffle: the exchange's data size / its records");
    public static final Fact OBJECT_AGG_ROWS = FACTS.count("sql.aggregates.objectHash.rows", "the rows that exchange wrote");
    public static final Fact OBJECT_AGG_SHIPPED = FACTS.bytes("sql.aggregates.objectHash.shipped", "their in-memory size in all");
    public static final Fact BROADCAST_BYTES = FACTS.bytes("sql.broadcast.largest",
            "the \"data size\" of the query's largest BroadcastExchange: the table built on the driver and held whole by every executor");
    public static final Fact BROADCAST_ROWS = FACTS.count("sql.broadcast.largest.rows", "that broadcast's rows");
    public static final Fact BROADCAST_COLLECT = FACTS.ms("sql.broadcast.largest.collectTime",
            "that broadcast's 'time to collect': the driver gathering the table's rows");
    public static final Fact BROADCAST_BUILD = FACTS.ms("sql.broadcast.largest.buildTime",
            "that broadcast's 'time to build': the driver turning the rows into a hashed relation");
    public static final Fact BROADCAST_SEND = FACTS.ms("sql.broadcast.largest.broadcastTime",
            "that broadcast's 'time to broadcast': the driver cutting the relation into blocks for the executors");
    public static final Fact BROADCAST_DRIVER_TIME = FACTS.seconds("sql.broadcast.largest.driverTime",
            "that broadcast's build and broadcast times together: the driver's own work on it, which the joins wait for"
                    + " (its collect runs as a job, in stages' time)");
    public static final Fact BROADCAST_HEAP = FACTS.bytes("sql.broadcast.heap",
            "the smaller heap that must hold the broadcast: the driver's, or an executor's (the driver's in local mode)");
    public static final Fact BROADCAST_HEAP_SHARE = FACTS.fraction("sql.broadcast.heapShare",
            "sql.broadcast.largest / sql.broadcast.heap");
    public static final Fact BROADCAST_THRESHOLD_COVERS = FACTS.flag("sql.broadcast.thresholdCovers",
            "spark.sql.autoBroadcastJoinThreshold in force is at least the broadcast's size: the threshold let it through,"
                    + " no hint was needed");
    public static final Fact BROADCAST_SUGGESTED_THRESHOLD = FACTS.bytes("sql.broadcast.suggestedThreshold",
            "an autoBroadcastJoinThreshold under that broadcast: Spark's default 10 MiB, or half the broadcast if that is smaller");
    public static final Fact SHUFFLE_STAGES_WALL = FACTS.ms("sql.shuffleStages.wall", "wall time of the query's stages that shuffle");
    public static final Fact SECONDS_LOST_SHUFFLE = FACTS.seconds("sql.secondsLost.shuffle",
            "half the wall time of the query's shuffle stages: what a broadcast or pre-partitioning could save, roughly");
    public static final Fact FRACTION_OF_APP = FACTS.fraction("sql.fractionOfApp", "query wall time / application wall time");

    private SqlSignals() {
    }

    static Scope scope(SqlExecution sql) {
        String d = sql.description().lines().findFirst().orElse("").strip();
        return new Scope(ScopeKind.SQL, Long.toString(sql.id()), d.length() > 80 ? d.substring(0, 77) + "..." : d);
    }

    /** The query's longest-running task, where it is now (a stage's {@code stage.running.thread}, for the query's findings). */
    private static void runningThread(AppContext ctx, SqlExecution sql, FactSink sink) {
        if (ctx.snapshot().taskThreads().isEmpty()) {
            return;
        }
        var stages = ctx.stagesOfQuery(sql);
        ctx.snapshot().taskThreads().stream()
                .filter(t -> stages.stream().anyMatch(st -> st.stageId() == t.stageId() && st.attemptId() == t.stageAttemptId()))
                .findFirst().ifPresent(t -> sink.text(RUNNING_THREAD, TaskThreadText.of(t)));
    }

    static void compute(AppContext ctx, SqlExecution sql, FactSink sink) {
        PlanGraph plan = ctx.plan(sql);
        int emptied = plan.emptiedOperators("COMPLETED".equals(sql.status()));
        sink.put(DURATION, sql.durationMs())
                .put(JOINS_SORT_MERGE, plan.count("SortMergeJoin"))
                .put(JOINS_NESTED_LOOP, plan.count("BroadcastNestedLoopJoin"))
                .put(JOINS_CARTESIAN, plan.count("CartesianProduct"))
                .put(AGGREGATES, plan.count("HashAggregate") + plan.count("ObjectHashAggregate") + plan.count("SortAggregate"))
                .put(AGGREGATES_OBJECT_HASH, plan.count("ObjectHashAggregate") + plan.count("SortAggregate"))
                .put(PYTHON_OPERATORS, plan.pythonOperators().size())
                .put(PYTHON_ROW_UDFS, plan.count("BatchEvalPython"))
                .put(FILTERS_EMPTIED, emptied)
                .put(EMPTIED_WRITE, emptied > 0 && plan.writes())
                .put(FRACTION_OF_APP, FactSink.ratio(sql.durationMs(), ctx.snapshot().application().durationMs(ctx.now())));
        plan.pythonOperators().stream().findFirst().ifPresent(n -> sink.text(PYTHON_OPERATOR, n.name()));
        plan.rowExplosion(ROWS_EXPLOSION_MIN_IN).ifPresent(x -> sink.put(ROWS_EXPLOSION, x.ratio())
                .put(ROWS_EXPLOSION_GENERATE, x.generate()).text(ROWS_EXPLOSION_OPERATOR, x.operator())
                .put(ROWS_EXPLOSION_OUT, x.rowsOut()).put(ROWS_EXPLOSION_IN, x.rowsIn()));
        plan.joinFanOut(ROWS_EXPLOSION_MIN_IN).ifPresent(x -> joinFanOut(ctx, sql, plan, x, sink));
        plan.nestedLoop().ifPresent(x -> sink.put(NESTED_LOOP_PAIRS, x.pairs())
                .text(NESTED_LOOP_SIDES, CountFormat.of(x.left()) + " × " + CountFormat.of(x.right()) + " rows"));
        plan.expand().ifPresent(x -> sink.put(EXPAND, x.ratio()).put(EXPAND_IN, x.rowsIn()).put(EXPAND_OUT, x.rowsOut())
                .put(EXPAND_DISTINCT, x.distinct()));
        plan.objectAggregateShuffle().ifPresent(x -> sink.put(OBJECT_AGG_ROW_BYTES, x.bytesPerRow())
                .put(OBJECT_AGG_ROWS, x.rows()).put(OBJECT_AGG_SHIPPED, x.bytes()));
        runningThread(ctx, sql, sink);
        joinSides(plan, ctx.hasConfig() ? ctx.settings().forQuery(sql) : Settings.NONE, sink);
        plan.largestBroadcast().ifPresent(b -> broadcast(ctx, sql, b, sink));
        double shuffleLost = shuffleStages(ctx, sql, sink);
        objectAggregates(ctx, plan, shuffleLost, sink);
        UdfSignals.compute(ctx, sql, plan, sink);
    }

    /**
     * The join that multiplies rows most, and what its extra rows cost: the work on its output (its
     * pipeline and those above it) would shrink to about 1/fanOut with the key unique on one side.
     */
    private static void joinFanOut(AppContext ctx, SqlExecution sql, PlanGraph plan, PlanGraph.JoinFanOut x, FactSink sink) {
        Optional<String> keys = JoinKeys.of(x.join().detail());
        sink.put(JOIN_FAN_OUT, x.ratio()).put(JOIN_FAN_OUT_IN, x.rowsIn()).put(JOIN_FAN_OUT_OUT, x.rowsOut())
                .text(JOIN_FAN_OUT_JOIN, x.join().name() + keys.map(k -> " on " + k).orElse(""));
        keys.ifPresent(k -> sink.text(JOIN_FAN_OUT_KEYS, k));
        long taskMs = plan.pipelinesFrom(x.join())
                .orElseGet(() -> ctx.stagesOfQuery(sql).stream().mapToLong(UdfCost::taskTimeSoFar).sum());
        sink.put(JOIN_FAN_OUT_TASK_TIME, taskMs);
        if (x.ratio() > 1) {
            double extra = taskMs / 1000.0 * (1 - 1 / x.ratio()) / Math.max(1, ctx.slots());
            sink.put(JOIN_FAN_OUT_SECONDS_LOST, Math.min(extra, sql.durationMs() / 1000.0));
        }
    }

    /** The sort-merge join with the smallest side: its sides' sizes, and why Spark did not broadcast that side. */
    private static void joinSides(PlanGraph plan, Settings settings, FactSink sink) {
        long small = Long.MAX_VALUE;
        long large = 0;
        PlanNode smallest = null;
        boolean smallIsLeft = false;
        for (PlanNode join : plan.named("SortMergeJoin")) {
            List<OptionalLong> sides = plan.children(join).stream().map(plan::shuffleBytesBelow).toList();
            if (sides.size() == 2 && sides.stream().allMatch(OptionalLong::isPresent)) {
                long a = sides.get(0).getAsLong();
                long b = sides.get(1).getAsLong();
                if (Math.min(a, b) < small) {
                    small = Math.min(a, b);
                    large = Math.max(a, b);
                    smallest = join;
                    smallIsLeft = a <= b;
                }
            }
        }
        if (smallest != null) {
            sink.put(JOIN_SMALL_SIDE, small).put(JOIN_LARGE_SIDE, large)
                    .put(JOIN_SIDE_RATIO, (double) large / Math.max(1, small))
                    .put(JOIN_SUGGESTED_THRESHOLD, Math.max(10L << 20, 2 * small))
                    .text(JOIN_SUGGESTED_THRESHOLD_HOW, "2 × the " + ByteFormat.of(small) + " side"
                            + (2 * small < 10L << 20 ? ", at least 10.0 MiB" : "") + " = " + ByteFormat.of(Math.max(10L << 20, 2 * small)));
            BroadcastJoin.compute(settings, smallest.detail(), smallIsLeft, small, sink);
        }
    }

    /**
     * The query's largest broadcast against the heaps that hold it: the driver builds the whole
     * relation, and each executor keeps a copy in its storage memory while its tasks run beside it.
     */
    private static void broadcast(AppContext ctx, SqlExecution sql, PlanGraph.Broadcast b, FactSink sink) {
        sink.put(BROADCAST_BYTES, b.bytes())
                .put(BROADCAST_SUGGESTED_THRESHOLD, Math.min(10L << 20, b.bytes() / 2));
        b.rows().ifPresent(r -> sink.put(BROADCAST_ROWS, r));
        b.collectMs().ifPresent(ms -> sink.put(BROADCAST_COLLECT, ms));
        b.buildMs().ifPresent(ms -> sink.put(BROADCAST_BUILD, ms));
        b.broadcastMs().ifPresent(ms -> sink.put(BROADCAST_SEND, ms));
        if (b.buildMs().isPresent() || b.broadcastMs().isPresent()) {
            long ms = b.buildMs().orElse(0L) + b.broadcastMs().orElse(0L);
            sink.put(BROADCAST_DRIVER_TIME, ms / 1000.0);
        }
        if (!ctx.hasConfig()) {
            return;
        }
        Settings settings = ctx.settings().forQuery(sql);
        long threshold = settings.bytes(BroadcastJoin.THRESHOLD, 10L << 20);
        sink.put(BROADCAST_THRESHOLD_COVERS, threshold >= 0 && threshold >= b.bytes());
        long driver = ctx.driverHeap().bytes();
        boolean local = SparkMaster.of(ctx).map(SparkMaster::local).orElse(false);
        long executor = local ? driver : ctx.settings().bytes("spark.executor.memory");
        long heap = executor > 0 ? Math.min(driver, executor) : driver;
        if (heap > 0) {
            sink.put(BROADCAST_HEAP, heap).put(BROADCAST_HEAP_SHARE, FactSink.ratio(b.bytes(), heap));
        }
    }

    /** What collect_list/collect_set cost: the operator's own timer where it has one (ObjectHashAggregate). */
    private static void objectAggregates(AppContext ctx, PlanGraph plan, double shuffleLost, FactSink sink) {
        List<PlanNode> objectHash = plan.named("ObjectHashAggregate");
        OptionalLong build = objectHash.stream().map(n -> PlanGraph.metric(n, "time in aggregation build"))
                .flatMap(Optional::stream).mapToLong(Long::longValue).reduce(Long::sum);
        objectHash.stream().map(n -> PlanGraph.metric(n, "number of sort fallback tasks")).flatMap(Optional::stream)
                .mapToLong(Long::longValue).reduce(Long::sum).ifPresent(n -> sink.put(OBJECT_AGG_SORT_FALLBACKS, n));
        if (build.isPresent()) {
            sink.put(OBJECT_AGG_BUILD_TIME, build.getAsLong())
                    .put(OBJECT_AGG_SECONDS_LOST, build.getAsLong() / 1000.0 / Math.max(1, ctx.slots()));
        } else if (plan.count("SortAggregate") + objectHash.size() > 0) {
            sink.put(OBJECT_AGG_SECONDS_LOST, shuffleLost);
        }
    }

    private static double shuffleStages(AppContext ctx, SqlExecution sql, FactSink sink) {
        // stages that ran side by side count once: the query's wall, not the sum of its stages'
        List<long[]> spans = new java.util.ArrayList<>();
        for (Stage st : ctx.stagesOfQuery(sql)) {
            if (st.totals().shuffleWriteBytes() > 0 || st.totals().shuffleReadBytes() > 0) {
                SlotTime.span(ctx, st).ifPresent(spans::add);
            }
        }
        long shuffle = SlotTime.merged(spans).stream().mapToLong(iv -> iv[1] - iv[0]).sum();
        sink.put(SHUFFLE_STAGES_WALL, shuffle).put(SECONDS_LOST_SHUFFLE, shuffle / 2000.0);
        return shuffle / 2000.0;
    }
}
