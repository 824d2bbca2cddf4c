package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.GIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class SpillRulesTest {

    private static final String SPILL = "spill.stage";

    @Test
    void spillingSixteenPercentOfTheDataIsAWarning() {
        // 1 GiB to disk out of 6400 MiB of shuffle read
        Finding f = fires(Snapshots.app().conf("spark.sql.shuffle.partitions", "100").stage(stage(7).spill(2 * GIB, GIB)), SPILL, "7.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Stage 7 spilled 1.0 GiB to disk, against 6.3 GiB of input and shuffle read");
        assertThat(evidence(f, "stage.spill.fractionOfData")).isEqualTo(0.16);
        // written and read back at 100 MiB/s, over 8 slots
        assertThat(f.secondsLost()).isEqualTo(2.0 * 1024 / 100 / 8);
        assertThat(conf(f, "spark.sql.shuffle.partitions")).isEqualTo("200");
        assertThat(conf(f, "spark.executor.memory")).isEqualTo("6g");
    }

    @Test
    void spillingMoreThanTheDataForSecondsIsAWarningNotCritical() {
        // severity follows what the spill cost, not its share of the data
        Finding f = fires(Snapshots.app().stage(stage(7).spill(14 * GIB, 7 * GIB)), SPILL, "7.0");
        assertThat(f.secondsLost()).isLessThan(60.0);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void spillUnderTenPercentOfTheDataStaysQuiet() {
        silent(Snapshots.app().stage(stage(7).spill(GIB, 600 * MIB)));
    }

    @Test
    void smallSpillStaysQuietWhateverItsShare() {
        silent(Snapshots.app().stage(stage(7).shuffleRead(500 * MIB).spill(200 * MIB, 90 * MIB)
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(5 * MIB, 6 * MIB))));
    }

    @Test
    void skewedStageSpillingIsReportedAsSkewOnly() {
        var s = Snapshots.app().stage(stage(7).wall(55).spill(2 * GIB, GIB)
                .quantiles(TaskMetric.DURATION, q(2_000, 50_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 1024 * MIB)));
        fires(s, "skew.stage-task-time", "7.0");
    }
}
