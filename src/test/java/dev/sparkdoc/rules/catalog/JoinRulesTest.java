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
        assertThat(f.remedies()).anySatisfy(r -> assertThat(CatalogAssert.said(r)).contains(
                "the small side (20.0 MiB) is over spark.sql.autoBroadcastJoinThreshold = 10.0 MiB (Spark 4.0's default)"));
    }

    private static java.util.List<String> keys(Finding f) {
        return f.remedies().stream().flatMap(r -> r.conf().keySet().stream()).toList();
    }

    @Test
    void aThresholdThatAlreadyCoversTheSideIsNotRaisedButSaidWhyItDidNotAct() {
        // 64 MiB set by the app covers the 20 MiB side: the planner's estimate was over it, and AQE kept the shuffle
        Finding f = fires(sortMergeJoin(4 * GIB, 20 * MIB, 40).conf("spark.sql.autoBroadcastJoinThreshold", "64m"), SMALL_SIDE, "0");
        assertThat(keys(f)).doesNotContain("spark.sql.autoBroadcastJoinThreshold");
        assertThat(f.remedies()).anySatisfy(r -> assertThat(CatalogAssert.said(r)).startsWith("Spark could have broadcast it by size")
                .contains("under spark.sql.autoBroadcastJoinThreshold = 64.0 MiB (set by the app), so the planner's estimate")
                .contains("AQE saw the real size at runtime"));
        // the hint still forces it: the planner's estimate is what failed
        assertThat(f.remedies()).anySatisfy(r -> assertThat(CatalogAssert.said(r)).startsWith("Broadcast the small side"));
    }

    @Test
    void aLeftOuterJoinWhoseSmallSideIsTheLeftOneIsNeverToldToBroadcastIt() {
        Snapshots s = Snapshots.app().stage(stage(0).wall(40)).sql(Plans.sortMergeJoin(20 * MIB, 4 * GIB, "LeftOuter").build(0, 60_000, 0));
        Finding f = fires(s, SMALL_SIDE, "0");
        assertThat(keys(f)).doesNotContain("spark.sql.autoBroadcastJoinThreshold");
        assertThat(f.remedies()).noneSatisfy(r -> assertThat(CatalogAssert.said(r)).startsWith("Broadcast the small side"));
        assertThat(f.remedies()).anySatisfy(r -> assertThat(CatalogAssert.said(r))
                .contains("a LeftOuter join cannot broadcast its left side, the small one here"));
        // the same join with the small side on the right can broadcast it
        Snapshots right = Snapshots.app().stage(stage(0).wall(40)).sql(Plans.sortMergeJoin(4 * GIB, 20 * MIB, "LeftOuter").build(0, 60_000, 0));
        assertThat(keys(fires(right, SMALL_SIDE, "0"))).contains("spark.sql.autoBroadcastJoinThreshold");
    }

    @Test
    void aqeOffOrItsRuntimeThresholdOffIsNamedWithItsOrigin() {
        Finding off = fires(sortMergeJoin(4 * GIB, 20 * MIB, 40).conf("spark.sql.adaptive.enabled", "false"), SMALL_SIDE, "0",
                "config.aqe-off");
        assertThat(off.remedies()).anySatisfy(r -> assertThat(CatalogAssert.said(r))
                .contains("AQE, which re-plans the join with the real size, is off: spark.sql.adaptive.enabled = false (set by the app)"));
        Finding runtimeOff = fires(sortMergeJoin(4 * GIB, 20 * MIB, 40).conf("spark.sql.autoBroadcastJoinThreshold", "64m")
                .conf("spark.sql.adaptive.autoBroadcastJoinThreshold", "-1"), SMALL_SIDE, "0");
        // the static threshold covers it, AQE's does not: raising the static one would not act at runtime either
        assertThat(runtimeOff.remedies()).anySatisfy(r -> assertThat(CatalogAssert.said(r))
                .contains("AQE's runtime broadcast is off: spark.sql.adaptive.autoBroadcastJoinThreshold = -1 (set by the app)"));
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
