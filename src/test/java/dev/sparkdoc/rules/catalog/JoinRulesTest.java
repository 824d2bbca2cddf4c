package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.GIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
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

class JoinRulesTest {

    private static final String SMALL_SIDE = "joins.sort-merge-small-side";
    private static final String NESTED = "joins.nested-loop";

    /** Query 0 (job 0, stage 0 shuffling for {@code stageSeconds}) sort-merge joins the two sizes. */
    private static Snapshots sortMergeJoin(long left, long right, long stageSeconds) {
        return Snapshots.app().stage(stage(0).wall(stageSeconds))
                .sql(Plans.sortMergeJoin(left, right).build(0, 60_000, 0));
    }

    @Test
    void shufflingATwentyMegabyteSideAgainstFourGigabytesIsAWarning() {
        Finding f = fires(sortMergeJoin(4 * GIB, 20 * MIB, 40), SMALL_SIDE, "0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Query 0 shuffles a 20.0 MiB table for a sort-merge join with 4.0 GiB");
        // half the 40 s of shuffle stages
        assertThat(f.secondsLost()).isEqualTo(20.0);
        assertThat(evidence(f, "sql.join.sideRatio")).isEqualTo(4096.0 / 20);
        // twice the small side
        assertThat(conf(f, "spark.sql.autoBroadcastJoinThreshold")).isEqualTo("40m");
    }

    @Test
    void sidesNineTimesApartStayQuiet() {
        silent(sortMergeJoin(20 * MIB, 180 * MIB, 40));
    }

    @Test
    void smallQueryWithFourSecondsOfShuffleStaysQuiet() {
        silent(sortMergeJoin(1 * MIB, 60 * MIB, 4));
    }

    private static Snapshots join(String operator, long durationMs) {
        return Snapshots.app().sql(Plans.plan().node(0, operator).node(1, "Scan parquet a").node(2, "BroadcastExchange")
                .node(3, "Scan parquet b").edge(1, 0).edge(2, 0).edge(3, 2).build(0, durationMs));
    }

    @Test
    void nestedLoopJoinRunningFortyFiveSecondsIsAWarning() {
        Finding f = fires(join("BroadcastNestedLoopJoin", 45_000), NESTED, "0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(45.0);
        assertThat(f.title()).isEqualTo("Query 0 joins without an equality condition (nested loop or cartesian product)");
    }

    @Test
    void shortCartesianProductIsInfo() {
        assertThat(fires(join("CartesianProduct", 2_000), NESTED, "0").severity()).isEqualTo(Severity.INFO);
    }

    @Test
    void broadcastHashJoinStaysQuiet() {
        silent(join("BroadcastHashJoin", 45_000));
    }
}
