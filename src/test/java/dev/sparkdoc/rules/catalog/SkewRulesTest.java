package dev.sparkdoc.rules.catalog;

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

class SkewRulesTest {

    private static final String SKEW = "skew.stage-task-time";

    /** Median task 2 s on 64 MiB; the slowest 50 s on 1 GiB: time and data skew agree. */
    private static Snapshots.StageBuilder skewed(long maxTaskMs, long maxShuffleRead) {
        return stage(3).wall(55)
                .quantiles(TaskMetric.DURATION, q(2_000, maxTaskMs))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, maxShuffleRead));
    }

    @Test
    void slowestTaskReadingSixteenTimesTheMedianIsSkew() {
        Finding f = fires(Snapshots.app().stage(skewed(50_000, 1024 * MIB)), SKEW, "3.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(48.0);
        assertThat(f.title()).isEqualTo("Data skew in stage 3: the slowest task took 50.0 s, the median 2.0 s");
        assertThat(evidence(f, "stage.duration.maxOverP50")).isEqualTo(25.0);
        assertThat(evidence(f, "stage.dataSkew.ratio")).isEqualTo(16.0);
        assertThat(evidence(f, "stage.shuffleRead.max")).isEqualTo(1024.0 * MIB);
        // 100 tasks × 64 MiB = 6400 MiB at 128 MiB a partition
        assertThat(conf(f, "spark.sql.shuffle.partitions")).isEqualTo("200");
    }

    @Test
    void aTailOfMinutesIsCritical() {
        Finding f = fires(Snapshots.app().stage(skewed(190_000, 4096 * MIB).wall(200).runTime(1_200_000)), SKEW, "3.0");
        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.secondsLost()).isEqualTo(188.0);
    }

    @Test
    void dataSkewJustUnderFiveTimesStaysQuiet() {
        // 4.9× the median's data: not skew by AQE's factor, and too much data skew to call it stragglers
        silent(Snapshots.app().stage(skewed(50_000, (long) (64 * MIB * 4.9))));
    }

    @Test
    void slowestTaskUnderFiveSecondsStaysQuiet() {
        silent(Snapshots.app().stage(skewed(4_900, 1024 * MIB)));
    }

    @Test
    void stageOfThreeTasksStaysQuiet() {
        silent(Snapshots.app().stage(skewed(50_000, 1024 * MIB).tasks(3, 3)));
    }
}
