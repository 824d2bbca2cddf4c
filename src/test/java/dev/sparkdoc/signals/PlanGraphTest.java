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
        assertThat(new PlanGraph(sql).emptiedOperators()).isEqualTo(1);
    }

    @Test
    void pythonOperatorsAreFoundByName() {
        PlanGraph g = new PlanGraph(Plans.plan().node(0, "ArrowEvalPython").node(1, "FlatMapGroupsInPandas")
                .node(2, "MapInArrow").node(3, "BatchEvalPython").node(4, "Project").build(0, 1_000));
        assertThat(g.pythonOperators()).hasSize(4);
    }
}
