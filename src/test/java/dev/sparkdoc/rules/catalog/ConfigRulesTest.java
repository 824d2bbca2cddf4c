package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.GIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class ConfigRulesTest {

    private static final String AQE_OFF = "config.aqe-off";
    private static final String BROADCAST_OFF = "config.broadcast-off";
    private static final String EVENT_LOG_OFF = "config.event-log-off";
    private static final String PROCESS_TREE_OFF = "config.process-tree-metrics-off";
    private static final String DEFAULT_PARTITIONS = "config.default-shuffle-partitions";

    private static Snapshots withQuery(Snapshots s, String operator) {
        return s.sql(Plans.plan().node(0, operator).node(1, "Scan parquet t").edge(1, 0).build(0, 3_000));
    }

    @Test
    void aqeTurnedOffForSqlIsReported() {
        Finding f = fires(withQuery(Snapshots.app().conf("spark.sql.adaptive.enabled", "false"), "HashAggregate"), AQE_OFF, "app-test");
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).isEqualTo("Adaptive query execution is off");
        assertThat(conf(f, "spark.sql.adaptive.enabled")).isEqualTo("true");
    }

    @Test
    void aqeOffWithGigabytesOfShuffleIsAWarning() {
        var s = withQuery(Snapshots.app().conf("spark.sql.adaptive.enabled", "false"), "HashAggregate")
                .stage(stage(0).shuffleWrite(2 * GIB));
        assertThat(fires(s, AQE_OFF, "app-test").severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void beforeSpark32AqeIsOffByDefault() {
        fires(withQuery(Snapshots.app().version("3.1.2"), "HashAggregate"), AQE_OFF, "app-test");
    }

    @Test
    void fromSpark32AqeIsOnByDefault() {
        silent(withQuery(Snapshots.app().version("3.2.0"), "HashAggregate"));
    }

    @Test
    void aqeOffWithoutSqlStaysQuiet() {
        silent(Snapshots.app().conf("spark.sql.adaptive.enabled", "false").stage(stage(0)));
    }

    @Test
    void broadcastThresholdMinusOneWithSortMergeJoinsIsReported() {
        Finding f = fires(withQuery(Snapshots.app().conf("spark.sql.autoBroadcastJoinThreshold", "-1"), "SortMergeJoin"),
                BROADCAST_OFF, "app-test");
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(evidence(f, "config.broadcastDisabled")).isEqualTo(1.0);
        assertThat(conf(f, "spark.sql.autoBroadcastJoinThreshold")).isEqualTo("10m");
    }

    @Test
    void broadcastOffWithoutSortMergeJoinsStaysQuiet() {
        silent(withQuery(Snapshots.app().conf("spark.sql.autoBroadcastJoinThreshold", "-1"), "BroadcastHashJoin"));
        silent(withQuery(Snapshots.app().conf("spark.sql.autoBroadcastJoinThreshold", "10485760b"), "SortMergeJoin"));
    }

    @Test
    void liveAppWithoutEventLogIsReported() {
        Finding f = fires(Snapshots.app().running(T0.plusSeconds(60)).conf("spark.eventLog.enabled", "false"), EVENT_LOG_OFF, "app-test");
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(conf(f, "spark.eventLog.enabled")).isEqualTo("true");
    }

    @Test
    void withoutAnyConfigurationNothingIsSaidAboutIt() {
        silent(Snapshots.app().running(T0.plusSeconds(60)).noConfig());
    }

    @Test
    void pythonQueryWithoutProcessTreeMetricsIsReported() {
        Finding f = fires(withQuery(Snapshots.app(), "ArrowEvalPython"), PROCESS_TREE_OFF, "app-test");
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(conf(f, "spark.executor.processTreeMetrics.enabled")).isEqualTo("true");
    }

    @Test
    void pythonQueryWithProcessTreeMetricsStaysQuiet() {
        silent(withQuery(Snapshots.app().conf("spark.executor.processTreeMetrics.enabled", "true"), "ArrowEvalPython"));
    }

    private static Snapshots bigShuffle(String partitions) {
        return Snapshots.app().conf("spark.sql.adaptive.enabled", "false").conf("spark.sql.shuffle.partitions", partitions)
                .stage(stage(0).shuffleRead(60 * GIB));
    }

    @Test
    void twoHundredPartitionsForSixtyGigabytesIsReported() {
        Finding f = fires(bigShuffle("200"), DEFAULT_PARTITIONS, "app-test");
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).isEqualTo("200 shuffle partitions (the default) for a 60.0 GiB shuffle, with AQE coalescing off");
        // 60 GiB at 128 MiB a partition
        assertThat(conf(f, "spark.sql.shuffle.partitions")).isEqualTo("480");
    }

    @Test
    void fourHundredPartitionsStayQuiet() {
        quiet(bigShuffle("400"), DEFAULT_PARTITIONS);
    }

    @Test
    void fortyNineGigabytesStayQuiet() {
        silent(Snapshots.app().conf("spark.sql.adaptive.enabled", "false").stage(stage(0).shuffleRead(49 * GIB)));
    }
}
