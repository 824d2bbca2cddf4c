package dev.sparkdoc.signals;

import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanEdge;
import dev.sparkdoc.model.SqlExecution.PlanMetric;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A query's physical plan as a graph. Spark's plan edges run from child to parent (the way data
 * flows: {@code SparkPlanGraph} adds {@code edge(child.id, parent.id)}).
 */
final class PlanGraph {

    private final List<PlanNode> nodes;
    private final Map<Long, PlanNode> byId = new HashMap<>();
    private final Map<Long, List<Long>> childrenOf = new HashMap<>();
    private final Map<Long, List<Long>> parentsOf = new HashMap<>();
    private static final java.util.Set<String> SHUFFLE_JOINS = java.util.Set.of("SortMergeJoin", "ShuffledHashJoin");
    private static final java.util.Set<String> GROUPING = java.util.Set.of("HashAggregate", "ObjectHashAggregate",
            "SortAggregate", "FlatMapGroups", "MapGroups", "FlatMapGroupsInPandas", "FlatMapGroupsInArrow", "AggregateInPandas",
            "FlatMapGroupsWithState");
    /** Asked by every stage of the query: read once. */
    private Boolean shuffleJoin;
    private Boolean groups;

    PlanGraph(SqlExecution sql) {
        this.nodes = sql.nodes();
        nodes.forEach(n -> byId.put(n.nodeId(), n));
        for (PlanEdge e : sql.edges()) {
            childrenOf.computeIfAbsent(e.toId(), k -> new ArrayList<>()).add(e.fromId());
            parentsOf.computeIfAbsent(e.fromId(), k -> new ArrayList<>()).add(e.toId());
        }
    }

    List<PlanNode> named(String prefix) {
        return nodes.stream().filter(n -> n.name().startsWith(prefix)).toList();
    }

    int count(String prefix) {
        return named(prefix).size();
    }

    /** The plan writes its rows out: a file or table write command (Spark 3.4+ adds WriteFiles under them). */
    boolean writes() {
        return nodes.stream().anyMatch(n -> n.name().contains("InsertInto") || n.name().startsWith("WriteFiles")
                || n.name().contains("AppendData") || n.name().contains("OverwriteByExpression")
                || n.name().contains("SaveIntoDataSourceCommand") || n.name().contains("CreateDataSourceTableAsSelect"));
    }

    List<PlanNode> pythonOperators() {
        return nodes.stream().filter(n -> n.name().contains("Python") || n.name().contains("Pandas")
                || n.name().contains("InArrow")).toList();
    }

    List<PlanNode> children(PlanNode node) {
        return childrenOf.getOrDefault(node.nodeId(), List.of()).stream().map(byId::get).filter(java.util.Objects::nonNull).toList();
    }

    /** A join that shuffles both sides (sort-merge or shuffled hash): AQE's skew join can split its partitions. */
    boolean shuffleJoin() {
        if (shuffleJoin == null) {
            shuffleJoin = nodes.stream().anyMatch(n -> SHUFFLE_JOINS.contains(n.name()));
        }
        return shuffleJoin;
    }

    /**
     * The query repartitions to a number of its own ({@code repartition(n)}: an Exchange whose
     * origin is REPARTITION_BY_NUM): spark.sql.shuffle.partitions does not set those partitions,
     * and AQE does not coalesce them.
     */
    boolean userPartitionCount() {
        return nodes.stream().anyMatch(n -> n.name().contains("Exchange") && n.detail().contains("REPARTITION_BY_NUM"));
    }

    /** An aggregation or grouped function: a hot group key is skew no join split can fix. */
    boolean groups() {
        if (groups == null) {
            groups = nodes.stream().anyMatch(n -> GROUPING.contains(n.name()));
        }
        return groups;
    }

    /**
     * A window operator fed by an {@code Exchange SinglePartition}: a window with no partitionBy
     * (Spark's "No Partition Defined for Window operation! Moving all data to a single partition").
     * Every row of the query goes to one task, whatever the slots.
     */
    boolean unpartitionedWindow() {
        return nodes.stream().filter(n -> n.name().startsWith("Window")).anyMatch(this::singlePartitionBelow);
    }

    /** The nearest exchanges below a node, and whether one of them moves every row to a single partition. */
    private boolean singlePartitionBelow(PlanNode start) {
        Deque<PlanNode> queue = new ArrayDeque<>(children(start));
        Set<Long> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            PlanNode n = queue.poll();
            if (!seen.add(n.nodeId())) {
                continue;
            }
            if (n.name().startsWith("Exchange")) {
                if (n.detail().startsWith("Exchange SinglePartition")) {
                    return true;
                }
                continue;  // a hash or range exchange: partitions below it are another stage's
            }
            queue.addAll(children(n));
        }
        return false;
    }

    /** How Spark prints a shuffle join: its left keys, right keys and join type. */
    private static final java.util.regex.Pattern SHUFFLE_JOIN = java.util.regex.Pattern.compile(
            "^(SortMergeJoin|ShuffledHashJoin) \\[(.*?)\\], \\[(.*?)\\], (\\w+)");
    /** An attribute as Spark prints it: name#id, with a type suffix for some (user_id#8L). */
    private static final java.util.regex.Pattern ATTRIBUTE = java.util.regex.Pattern.compile("(\\w+)#(\\d+)L?");
    /** The partition count of a hash exchange: {@code hashpartitioning(keys, 200)}. */
    private static final java.util.regex.Pattern HASH_PARTITIONS = java.util.regex.Pattern.compile("hashpartitioning\\(.*, (\\d+)\\)");

    /**
     * The shuffle joins that carry NULL keys into their shuffle. For an inner or semi join Spark's
     * optimizer filters null keys out first (InferFiltersFromConstraints adds {@code isnotnull(key)}
     * below the join): they can never match. An outer join keeps its preserved side's rows, nulls
     * included, and so does an anti join: those keys are shuffled, and Murmur3 hashes every NULL
     * key alike, to one partition. A preserved side whose keys do pass an {@code isnotnull} filter
     * (the user's) carries none. The plan does not say whether a column is nullable: this is a join
     * that can carry them, and the stage's hot partition says whether it did.
     */
    List<NullKeyJoin> nullKeyJoins() {
        List<NullKeyJoin> out = new ArrayList<>();
        for (PlanNode n : nodes) {
            java.util.regex.Matcher m = SHUFFLE_JOIN.matcher(n.detail());
            if (!m.find()) {
                continue;
            }
            String type = m.group(4);
            List<String> kept = switch (type) {
                case "LeftOuter", "LeftAnti" -> List.of(m.group(2));
                case "RightOuter" -> List.of(m.group(3));
                case "FullOuter" -> List.of(m.group(2), m.group(3));
                default -> List.of();
            };
            String filters = String.join("\n", below(n).stream().filter(c -> c.name().startsWith("Filter")).map(PlanNode::detail).toList());
            List<String> unfiltered = new ArrayList<>();
            for (String keys : kept) {
                java.util.regex.Matcher a = ATTRIBUTE.matcher(keys);
                while (a.find()) {
                    String attr = a.group(1) + "#" + a.group(2);
                    boolean filtered = java.util.regex.Pattern.compile("isnotnull\\(" + java.util.regex.Pattern.quote(attr) + "L?\\)")
                            .matcher(filters).find();
                    if (!filtered && !unfiltered.contains(a.group(1))) {
                        unfiltered.add(a.group(1));
                    }
                }
            }
            if (unfiltered.isEmpty()) {
                continue;
            }
            int partitions = below(n).stream().map(c -> HASH_PARTITIONS.matcher(c.detail()))
                    .filter(java.util.regex.Matcher::find).mapToInt(h -> Integer.parseInt(h.group(1))).max().orElse(0);
            out.add(new NullKeyJoin(m.group(1), type, unfiltered, partitions));
        }
        return out;
    }

    /**
     * @param operator   SortMergeJoin or ShuffledHashJoin
     * @param keys       the preserved side's key columns with no isnotnull filter
     * @param partitions the join's shuffle partitions before AQE merged any (its exchanges'), 0 when unknown
     */
    record NullKeyJoin(String operator, String type, List<String> keys, int partitions) {
    }

    /** Every node below one, itself left out. */
    private List<PlanNode> below(PlanNode start) {
        List<PlanNode> out = new ArrayList<>();
        Deque<PlanNode> queue = new ArrayDeque<>(children(start));
        Set<Long> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            PlanNode n = queue.poll();
            if (seen.add(n.nodeId())) {
                out.add(n);
                queue.addAll(children(n));
            }
        }
        return out;
    }

    List<PlanNode> nodes() {
        return nodes;
    }

    List<PlanNode> parents(PlanNode node) {
        return parentsOf.getOrDefault(node.nodeId(), List.of()).stream().map(byId::get).filter(java.util.Objects::nonNull).toList();
    }

    /**
     * The whole-stage-codegen cluster that runs a node: its own, or for an operator outside
     * codegen (a Python eval reads its input through a separate iterator) the nearest parent's.
     */
    Optional<PlanNode> pipeline(PlanNode node) {
        Deque<PlanNode> queue = new ArrayDeque<>(List.of(node));
        Set<Long> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            PlanNode n = queue.poll();
            if (!seen.add(n.nodeId())) {
                continue;
            }
            if (n.wholeStageCodegenId().isPresent()) {
                long id = n.wholeStageCodegenId().get();
                // the event log gives the cluster its id; REST only names it "WholeStageCodegen (1)"
                String cluster = "WholeStageCodegen (" + id + ")";
                return nodes.stream().filter(c -> c.name().equals(cluster) || c.name().startsWith("WholeStageCodegen")
                        && c.wholeStageCodegenId().equals(Optional.of(id))).findFirst();
            }
            if (n.name().startsWith("Exchange") || n.name().startsWith("BroadcastExchange")) {
                return Optional.empty();
            }
            queue.addAll(parents(n));
        }
        return Optional.empty();
    }

    /** The "data size" of the nearest shuffle exchange below a node, if its metrics are known. */
    OptionalLong shuffleBytesBelow(PlanNode start) {
        Deque<PlanNode> queue = new ArrayDeque<>(List.of(start));
        Set<Long> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            PlanNode n = queue.poll();
            if (!seen.add(n.nodeId())) {
                continue;
            }
            if (n.name().startsWith("Exchange") || n.name().startsWith("ShuffleQueryStage")) {
                Optional<Long> size = metric(n, "data size");
                if (size.isPresent()) {
                    return OptionalLong.of(size.get());
                }
            }
            queue.addAll(children(n));
        }
        return OptionalLong.empty();
    }

    /**
     * Filters and joins whose input had rows and whose output had none: rows vanished here. In a
     * query that ended, an output-rows metric the node declares but no task ever updated is 0:
     * Spark records no accumulator update of zero (DAGScheduler.updateAccumulators skips them), so
     * an event log holds no value for a filter that let nothing through.
     *
     * @param ended the query completed: every task's updates are in
     */
    int emptiedOperators(boolean ended) {
        int count = 0;
        for (PlanNode n : nodes) {
            if (!(n.name().startsWith("Filter") || n.name().endsWith("Join"))) {
                continue;
            }
            Optional<Long> out = metric(n, "number of output rows");
            boolean declared = n.metrics().stream().anyMatch(m -> m.name().equals("number of output rows"));
            long in = children(n).stream().mapToLong(c -> rowsOut(c).orElse(0L)).sum();
            boolean none = out.isPresent() ? out.get() == 0 : ended && declared;
            if (none && in > 0) {
                count++;
            }
        }
        return count;
    }

    /**
     * The operator whose output rows are the largest multiple of its input's (an explode, a join
     * fanning out on duplicated keys): for a join, of its larger input. Only operators with at least
     * {@code minIn} input rows, so a lookup of a few rows is no explosion.
     */
    Optional<RowExplosion> rowExplosion(long minIn) {
        RowExplosion worst = null;
        for (PlanNode n : nodes) {
            boolean generate = n.name().startsWith("Generate");
            if (!generate && !n.name().endsWith("Join")) {
                continue;
            }
            Optional<Long> out = metric(n, "number of output rows");
            long in = children(n).stream().mapToLong(c -> rowsOut(c).orElse(0L)).max().orElse(0L);
            if (out.isEmpty() || in < minIn) {
                continue;
            }
            double ratio = (double) out.get() / in;
            if (worst == null || ratio > worst.ratio()) {
                worst = new RowExplosion(n.name(), generate, in, out.get(), ratio);
            }
        }
        return Optional.ofNullable(worst);
    }

    /** @param generate an explode or another generator, else a join */
    record RowExplosion(String operator, boolean generate, long rowsIn, long rowsOut, double ratio) {
    }

    /** Joins on keys: their output passes their larger input's rows only where a key repeats on both sides. */
    private static final List<String> EQUI_JOINS = List.of("BroadcastHashJoin", "SortMergeJoin", "ShuffledHashJoin");

    /**
     * The equi-join whose output rows are the largest multiple of its larger input's, of at least
     * {@code minIn} input rows. Where one side's keys are unique each row of the other side matches
     * at most once, so an inner join makes no more rows than that side has, an outer join at most
     * both sides' rows: a multiple above 2 is a key repeated on both sides (many-to-many).
     */
    Optional<JoinFanOut> joinFanOut(long minIn) {
        JoinFanOut worst = null;
        for (PlanNode n : nodes) {
            if (EQUI_JOINS.stream().noneMatch(n.name()::startsWith)) {
                continue;
            }
            Optional<Long> out = metric(n, "number of output rows");
            long in = children(n).stream().mapToLong(c -> rowsOut(c).orElse(0L)).max().orElse(0L);
            if (out.isEmpty() || in < minIn) {
                continue;
            }
            JoinFanOut j = new JoinFanOut(n, in, out.get());
            if (worst == null || j.ratio() > worst.ratio()) {
                worst = j;
            }
        }
        return Optional.ofNullable(worst);
    }

    /** @param rowsIn the larger input's rows */
    record JoinFanOut(PlanNode join, long rowsIn, long rowsOut) {
        double ratio() {
            return (double) rowsOut / rowsIn;
        }
    }

    /**
     * The summed {@code duration} of the codegen pipelines that handle a node's output rows: its own
     * pipeline and every one above it (after a shuffle, the next stage's). Empty when the node's own
     * pipeline or its duration is unknown; an operator above it outside codegen adds nothing.
     */
    Optional<Long> pipelinesFrom(PlanNode node) {
        Optional<Long> own = pipeline(node).flatMap(c -> metric(c, "duration"));
        if (own.isEmpty()) {
            return Optional.empty();
        }
        Set<Long> seen = new HashSet<>();
        pipeline(node).ifPresent(c -> seen.add(c.nodeId()));
        long total = own.get();
        Deque<PlanNode> queue = new ArrayDeque<>(parents(node));
        Set<Long> visited = new HashSet<>();
        while (!queue.isEmpty()) {
            PlanNode n = queue.poll();
            if (!visited.add(n.nodeId())) {
                continue;
            }
            Optional<PlanNode> cluster = n.wholeStageCodegenId().isPresent() ? pipeline(n) : Optional.empty();
            if (cluster.isPresent() && seen.add(cluster.get().nodeId())) {
                total += metric(cluster.get(), "duration").orElse(0L);
            }
            queue.addAll(parents(n));
        }
        return Optional.of(total);
    }

    /**
     * The nested-loop join (BroadcastNestedLoopJoin, CartesianProduct) whose inputs make the most
     * pairs of rows: it evaluates its condition on every pair, where a hash join touches each row once.
     */
    Optional<NestedLoop> nestedLoop() {
        NestedLoop worst = null;
        for (PlanNode n : nodes) {
            if (!n.name().startsWith("BroadcastNestedLoopJoin") && !n.name().startsWith("CartesianProduct")) {
                continue;
            }
            List<Optional<Long>> sides = children(n).stream().map(this::rowsOut).toList();
            if (sides.size() != 2 || sides.stream().anyMatch(Optional::isEmpty)) {
                continue;
            }
            NestedLoop loop = new NestedLoop(n.name(), sides.get(0).get(), sides.get(1).get());
            if (worst == null || loop.pairs() > worst.pairs()) {
                worst = loop;
            }
        }
        return Optional.ofNullable(worst);
    }

    /** @param left, right the rows of each input (the broadcast side counted once) */
    record NestedLoop(String operator, long left, long right) {
        double pairs() {
            return (double) left * right;
        }
    }

    /**
     * The Expand that multiplies rows most. Spark plans several DISTINCT aggregates of one query
     * (RewriteDistinctAggregates) as an Expand that copies each row once per distinct group, tagged
     * by a column named {@code gid}; ROLLUP, CUBE and GROUPING SETS tag theirs {@code spark_grouping_id}.
     */
    Optional<Expansion> expand() {
        Expansion worst = null;
        for (PlanNode n : named("Expand")) {
            Optional<Long> out = metric(n, "number of output rows");
            long in = children(n).stream().mapToLong(c -> rowsOut(c).orElse(0L)).max().orElse(0L);
            if (out.isEmpty() || in <= 0) {
                continue;
            }
            boolean distinct = DISTINCT_TAG.matcher(n.detail()).find()
                    || parents(n).stream().anyMatch(p -> DISTINCT_TAG.matcher(p.detail()).find());
            Expansion x = new Expansion(in, out.get(), distinct);
            if (worst == null || x.ratio() > worst.ratio()) {
                worst = x;
            }
        }
        return Optional.ofNullable(worst);
    }

    /** The tag column of RewriteDistinctAggregates' Expand, as Spark prints it ("gid#76"). */
    private static final java.util.regex.Pattern DISTINCT_TAG = java.util.regex.Pattern.compile("\\bgid#\\d+");

    /** @param distinct the rewrite of several DISTINCT aggregates, not grouping sets */
    record Expansion(long rowsIn, long rowsOut, boolean distinct) {
        double ratio() {
            return (double) rowsOut / rowsIn;
        }
    }

    /**
     * The rows a partial object aggregate (collect_list, collect_set, typed aggregators) hands its
     * shuffle: the exchange right above it, its in-memory "data size" over its "shuffle records written".
     */
    Optional<ShippedRows> objectAggregateShuffle() {
        ShippedRows worst = null;
        for (PlanNode agg : named("ObjectHashAggregate")) {
            for (PlanNode parent : parents(agg)) {
                if (!parent.name().startsWith("Exchange")) {
                    continue;
                }
                Optional<Long> size = metric(parent, "data size");
                Optional<Long> rows = metric(parent, "shuffle records written");
                if (size.isPresent() && rows.isPresent() && rows.get() > 0) {
                    ShippedRows r = new ShippedRows(rows.get(), size.get());
                    if (worst == null || r.bytesPerRow() > worst.bytesPerRow()) {
                        worst = r;
                    }
                }
            }
        }
        return Optional.ofNullable(worst);
    }

    record ShippedRows(long rows, long bytes) {
        double bytesPerRow() {
            return (double) bytes / rows;
        }
    }

    /**
     * The broadcast exchange with the largest "data size": the table the driver collected, built
     * into a hashed relation and shipped to every executor, each of which holds it whole in its heap.
     * A BroadcastQueryStage (AQE) wraps the exchange that carries the metrics.
     */
    Optional<Broadcast> largestBroadcast() {
        Broadcast largest = null;
        for (PlanNode n : named("BroadcastExchange")) {
            Optional<Long> size = metric(n, "data size");
            if (size.isPresent() && (largest == null || size.get() > largest.bytes())) {
                largest = new Broadcast(size.get(), metric(n, "number of output rows"), metric(n, "time to collect"),
                        metric(n, "time to build"), metric(n, "time to broadcast"));
            }
        }
        return Optional.ofNullable(largest);
    }

    /** @param collectMs, buildMs, broadcastMs the driver's timers (ms), where the plan has them */
    record Broadcast(long bytes, Optional<Long> rows, Optional<Long> collectMs, Optional<Long> buildMs,
            Optional<Long> broadcastMs) {
    }

    /** Output rows of a node, looking through operators without a row count (WholeStageCodegen, Sort …). */
    private Optional<Long> rowsOut(PlanNode node) {
        Optional<Long> rows = metric(node, "number of output rows");
        if (rows.isPresent()) {
            return rows;
        }
        List<PlanNode> c = children(node);
        return c.size() == 1 ? rowsOut(c.get(0)) : Optional.empty();
    }

    static Optional<Long> metric(PlanNode node, String name) {
        return node.metrics().stream().filter(m -> m.name().equals(name)).findFirst().flatMap(PlanMetric::total);
    }
}
