package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class PlanGraphTest {

    private static final long MIB = 1L << 20;

    @Test
    void edgesRunFromChildToParent() {
        PlanGraph g = new PlanGraph(Plans.sortMergeJoin(5 * MIB, 500 * MIB).build(0, 1_000));
        var join = g.named("SortMergeJoin").get(0);
        assertThat(g.children(join)).extracting(SqlExecution.PlanNode::name).containsExactly("Sort", "Sort");
        assertThat(g.children(g.named("Scan parquet left").get(0))).isEmpty();
    }

    @Test
    void eachJoinSideFindsTheNearestExchangeBelowIt() {
        PlanGraph g = new PlanGraph(Plans.sortMergeJoin(5 * MIB, 500 * MIB).build(0, 1_000));
        var sides = g.children(g.named("SortMergeJoin").get(0));
        assertThat(g.shuffleBytesBelow(sides.get(0))).hasValue(5 * MIB);
        assertThat(g.shuffleBytesBelow(sides.get(1))).hasValue(500 * MIB);
        // nothing below a scan
        assertThat(g.shuffleBytesBelow(g.named("Scan parquet left").get(0))).isEmpty();
    }

    @Test
    void joinSideFactsNameTheSmallerAndLargerInput() {
        ScopeFacts f = Facts.of(Snapshots.app().sql(Plans.sortMergeJoin(500 * MIB, 5 * MIB).build(0, 1_000)), ScopeKind.SQL, "0");
        assertThat(value(f, "sql.joins.sortMerge")).isEqualTo(1.0);
        assertThat(value(f, "sql.join.smallSide")).isEqualTo(5.0 * MIB);
        assertThat(value(f, "sql.join.largeSide")).isEqualTo(500.0 * MIB);
        assertThat(value(f, "sql.join.sideRatio")).isEqualTo(100.0);
        // 2 × the small side, at least 10 MiB
        assertThat(value(f, "sql.join.suggestedThreshold")).isEqualTo(10.0 * MIB);
    }

    @Test
    void joinWithoutSizesHasNoSideFacts() {
        ScopeFacts f = Facts.of(Snapshots.app().sql(Plans.plan().node(0, "SortMergeJoin").node(1, "Sort").node(2, "Sort")
                .edge(1, 0).edge(2, 0).build(0, 1_000)), ScopeKind.SQL, "0");
        assertThat(f.value("sql.join.smallSide")).isEmpty();
    }

    @Test
    void operatorThatEmptiedItsInputIsCountedThroughRowlessOperators() {
        SqlExecution sql = Plans.plan().node(0, "SortMergeJoin", "number of output rows", 0)
                .node(1, "Sort").node(2, "Scan a", "number of output rows", 10)
                .node(3, "Sort").node(4, "Scan b", "number of output rows", 0)
                .node(5, "Filter", "number of output rows", 0).node(6, "Scan c", "number of output rows", 0)
                .edge(2, 1).edge(1, 0).edge(4, 3).edge(3, 0).edge(6, 5).build(0, 1_000);
        // the join got 10 rows from one side and produced none; the filter never got any
        assertThat(new PlanGraph(sql).emptiedOperators(true)).isEqualTo(1);
    }

    @Test
    void aFilterWhoseRowsMetricNoTaskUpdatedLetNothingThroughOnceTheQueryEnded() {
        // corpus p351_udf_wrong_type_nulls: a Python UDF nulls every value, the filter on it keeps none, and
        // the event log holds no value of the filter's output rows (zero updates are not recorded)
        SqlExecution sql = Plans.plan().nodeWithoutValue(0, "Filter", "number of output rows")
                .node(1, "InputAdapter").node(2, "BatchEvalPython", "number of output rows", 400_000)
                .node(3, "Filter").node(4, "Scan t", "number of output rows", 10)
                .edge(1, 0).edge(2, 1).edge(4, 3).build(0, 1_000);
        assertThat(new PlanGraph(sql).emptiedOperators(true)).isEqualTo(1);
        // still running: its updates may yet come; a filter of an old Spark declares no such metric at all
        assertThat(new PlanGraph(sql).emptiedOperators(false)).isZero();
    }

    @Test
    void pythonOperatorsAreFoundByName() {
        PlanGraph g = new PlanGraph(Plans.plan().node(0, "ArrowEvalPython").node(1, "FlatMapGroupsInPandas")
                .node(2, "MapInArrow").node(3, "BatchEvalPython").node(4, "Project").build(0, 1_000));
        assertThat(g.pythonOperators()).hasSize(4);
    }

    @Test
    void nestedLoopPairsAreItsInputsRowsMultipliedThroughRowlessOperators() {
        // j359_cartesian_nested_loop: 100,000 events (Filter) × 24,000 sessions (BroadcastExchange)
        ScopeFacts f = Facts.of(Snapshots.app().sql(Plans.plan()
                .node(0, "BroadcastNestedLoopJoin", "number of output rows", 119_999)
                .node(1, "Project").node(2, "Filter", "number of output rows", 100_000)
                .node(3, "BroadcastExchange", "number of output rows", 24_000)
                .edge(2, 1).edge(1, 0).edge(3, 0).build(0, 25_000)), ScopeKind.SQL, "0");
        assertThat(value(f, "sql.join.nestedLoop.pairs")).isEqualTo(2.4e9);
        assertThat(f.text("sql.join.nestedLoop.sides")).hasValue("100,000 × 24,000 rows");
    }

    @Test
    void aNestedLoopWithAnUncountedSideHasNoPairs() {
        ScopeFacts f = Facts.of(Snapshots.app().sql(Plans.plan()
                .node(0, "BroadcastNestedLoopJoin").node(1, "Filter", "number of output rows", 100_000)
                .node(2, "BroadcastExchange").edge(1, 0).edge(2, 0).build(0, 25_000)), ScopeKind.SQL, "0");
        assertThat(f.value("sql.join.nestedLoop.pairs")).isEmpty();
    }

    @Test
    void anExpandTaggedGidIsTheRewriteOfSeveralDistinctAggregates() {
        SqlExecution sql = Plans.plan()
                .node(0, "HashAggregate", "HashAggregate(keys=[day#2L, user#77L, page#78L, gid#76], functions=[])")
                .node(1, "Expand", "Expand [[day#2L, user#5L, null, 1], [day#2L, null, page#14L, 2]], [day#2L, user#77L, page#78L, gid#76]",
                        "number of output rows", 1_200_000)
                .node(2, "Project").node(3, "Range", "number of output rows", 600_000)
                .edge(3, 2).edge(2, 1).edge(1, 0).build(0, 40_000);
        ScopeFacts f = Facts.of(Snapshots.app().sql(sql), ScopeKind.SQL, "0");
        assertThat(value(f, "sql.rows.expand")).isEqualTo(2.0);
        assertThat(value(f, "sql.rows.expand.rowsIn")).isEqualTo(600_000.0);
        assertThat(value(f, "sql.rows.expand.distinct")).isEqualTo(1.0);
    }

    @Test
    void anExpandOfGroupingSetsIsNotADistinctRewrite() {
        SqlExecution sql = Plans.plan()
                .node(0, "HashAggregate", "HashAggregate(keys=[a#1, b#2, spark_grouping_id#9L], functions=[partial_sum(x#3)])")
                .node(1, "Expand", "Expand [[x#3, a#1, b#2, 0], [x#3, a#1, null, 1], [x#3, null, null, 3]], [x#3, a#1, b#2, spark_grouping_id#9L]",
                        "number of output rows", 300)
                .node(2, "Scan t", "number of output rows", 100)
                .edge(2, 1).edge(1, 0).build(0, 40_000);
        ScopeFacts f = Facts.of(Snapshots.app().sql(sql), ScopeKind.SQL, "0");
        assertThat(value(f, "sql.rows.expand")).isEqualTo(3.0);
        assertThat(value(f, "sql.rows.expand.distinct")).isEqualTo(0.0);
    }

    @Test
    void theRowsAPartialObjectAggregateShipsAreTheExchangesDataSizeOverItsRecords() {
        // j413_collect_list_blowup: 600,000 structs by 3 countries leave 4 map tasks as 12 rows
        SqlExecution sql = Plans.plan()
                .node(0, "ObjectHashAggregate", "", "number of output rows", 3)
                .node(1, "Exchange", "", "shuffle records written", 12, "data size", 38_475_648L)
                .node(2, "ObjectHashAggregate", "", "number of output rows", 12, "time in aggregation build", 17_451)
                .node(3, "Range", "number of output rows", 600_000)
                .edge(3, 2).edge(2, 1).edge(1, 0).build(0, 30_000);
        ScopeFacts f = Facts.of(Snapshots.app().sql(sql), ScopeKind.SQL, "0");
        assertThat(value(f, "sql.aggregates.objectHash.rowBytes")).isEqualTo(38_475_648 / 12.0);
        assertThat(value(f, "sql.aggregates.objectHash.rows")).isEqualTo(12.0);
        assertThat(value(f, "sql.aggregates.objectHash.shipped")).isEqualTo(38_475_648.0);
    }

    @Test
    void largestBroadcastIsWeighedAgainstTheSmallerHeap() {
        // j413_broadcast_big_table: 700,000 products, 274,035,456 B as a hashed relation, in local mode on a 2g driver
        long size = 274_035_456L;
        ScopeFacts f = Facts.of(Snapshots.app().conf("spark.master", "local[2]").conf("spark.driver.memory", "2g")
                .conf("spark.sql.autoBroadcastJoinThreshold", "1g").sql(Plans.plan()
                .node(0, "BroadcastHashJoin", "number of output rows", 6_000_000)
                .node(1, "BroadcastExchange", "HashedRelationBroadcastMode", "data size", size, "number of output rows", 700_000,
                        "time to collect", 3_294, "time to build", 1_171, "time to broadcast", 497)
                .node(2, "BroadcastExchange", "HashedRelationBroadcastMode", "data size", 4 * MIB)
                .node(3, "Scan parquet sales", "number of output rows", 6_000_000)
                .edge(1, 0).edge(3, 0).build(0, 95_000)), ScopeKind.SQL, "0");
        assertThat(value(f, "sql.broadcast.largest")).isEqualTo((double) size);
        assertThat(value(f, "sql.broadcast.largest.rows")).isEqualTo(700_000.0);
        // the driver's own work: build and broadcast; the collect is a job's
        assertThat(value(f, "sql.broadcast.largest.driverTime")).isEqualTo(1.668);
        assertThat(value(f, "sql.broadcast.heap")).isEqualTo(2048.0 * MIB);
        assertThat(value(f, "sql.broadcast.heapShare")).isEqualTo((double) size / (2048 * MIB));
        assertThat(value(f, "sql.broadcast.thresholdCovers")).isEqualTo(1.0);
        assertThat(value(f, "sql.broadcast.suggestedThreshold")).isEqualTo(10.0 * MIB);
    }

    @Test
    void broadcastOverTheThresholdCameFromAHint() {
        ScopeFacts f = Facts.of(Snapshots.app().sql(Plans.plan()
                .node(0, "BroadcastExchange", "HashedRelationBroadcastMode", "data size", 300 * MIB).build(0, 1_000)),
                ScopeKind.SQL, "0");
        // Spark's default threshold is 10 MiB: a 300 MiB broadcast was asked for
        assertThat(value(f, "sql.broadcast.thresholdCovers")).isEqualTo(0.0);
        assertThat(f.value("sql.broadcast.largest.driverTime")).isEmpty();
    }
}
