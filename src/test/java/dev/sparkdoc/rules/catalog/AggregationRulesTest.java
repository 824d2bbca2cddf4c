package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class AggregationRulesTest {

    private static final String OBJECT = "aggregations.object-aggregate";

    /** groupBy(...).agg(collect_list(...)): a partial and a final ObjectHashAggregate around an Exchange. */
    private static Snapshots collectList(String aggregate, long durationMs) {
        return Snapshots.app().stage(stage(0).wall(30))
                .sql(Plans.plan().node(0, aggregate).node(1, "Exchange", "data size", 1L << 30).node(2, aggregate)
                        .node(3, "Scan parquet events").edge(3, 2).edge(2, 1).edge(1, 0).build(0, durationMs, 0));
    }

    @Test
    void collectListOverFortySecondsIsReported() {
        Finding f = fires(collectList("ObjectHashAggregate", 40_000), OBJECT, "0");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).startsWith("Query 0 aggregates with ObjectHashAggregate/SortAggregate");
        // half the 30 s shuffle stage
        assertThat(f.secondsLost()).isEqualTo(15.0);
        assertThat(evidence(f, "sql.aggregates.objectHash")).isEqualTo(2.0);
    }

    @Test
    void hashAggregateStaysQuiet() {
        silent(collectList("HashAggregate", 40_000));
    }

    @Test
    void objectAggregateUnderThirtySecondsStaysQuiet() {
        silent(collectList("ObjectHashAggregate", 29_000));
    }
}
