package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class AggregationRulesTest {

    private static final String OBJECT = "aggregations.object-aggregate";

    /** groupBy(...).agg(collect_list(...)): a partial and a final aggregate around an Exchange, with no timer of their own. */
    private static Snapshots collectList(String aggregate, long durationMs) {
        return Snapshots.app().stage(stage(0).wall(30))
                .sql(Plans.plan().node(0, aggregate).node(1, "Exchange", "data size", 1L << 30).node(2, aggregate)
                        .node(3, "Scan parquet events").edge(3, 2).edge(2, 1).edge(1, 0).build(0, durationMs, 0));
    }

    /** The same with ObjectHashAggregate's own timer: {@code buildMs} of 'time in aggregation build' in each of the two. */
    private static Snapshots timedCollectList(long buildMs, long durationMs) {
        return Snapshots.app().stage(stage(0).wall(30))
                .sql(Plans.plan().node(0, "ObjectHashAggregate", "time in aggregation build", buildMs)
                        .node(1, "Exchange", "data size", 1L << 30).node(2, "ObjectHashAggregate", "time in aggregation build", buildMs)
                        .node(3, "Scan parquet events").edge(3, 2).edge(2, 1).edge(1, 0).build(0, durationMs, 0));
    }

    @Test
    void aSortAggregateWithoutATimerCostsHalfItsShuffleStage() {
        Finding f = fires(collectList("SortAggregate", 40_000), OBJECT, "0");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).startsWith("Query 0 aggregates with ObjectHashAggregate/SortAggregate");
        // half the 30 s shuffle stage
        assertThat(f.secondsLost()).isEqualTo(15.0);
        assertThat(evidence(f, "sql.aggregates.objectHash")).isEqualTo(2.0);
    }

    @Test
    void collectListIsGatedOnItsOwnBuildTimeNotOnTheQuerysLength() {
        // 2 × 40 s of build time over 8 slots: 10 s lost, in a query of only 20 s
        Finding f = fires(timedCollectList(40_000, 20_000), OBJECT, "0");
        assertThat(f.secondsLost()).isEqualTo(10.0);
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(evidence(f, "sql.aggregates.objectHash.buildTime")).isEqualTo(80_000.0);
        // 2 × 160 s over 8 slots: 40 s lost is a warning
        assertThat(fires(timedCollectList(160_000, 60_000), OBJECT, "0").severity()).isEqualTo(Severity.WARNING);
        // 2 × 8 s over 8 slots in a 40 s query: 2 s of aggregation is not what made it slow
        quiet(timedCollectList(8_000, 40_000), OBJECT);
    }

    @Test
    void hashAggregateStaysQuiet() {
        silent(collectList("HashAggregate", 40_000));
    }
}
