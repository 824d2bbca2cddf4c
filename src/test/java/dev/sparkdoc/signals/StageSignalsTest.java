package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class StageSignalsTest {

    private static final long KIB = 1L << 10;
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    private static ScopeFacts stageFacts(Snapshots.StageBuilder stage) {
        return Facts.of(Snapshots.app().stage(stage), ScopeKind.STAGE, "1.0");
    }

    @Test
    void shuffleSkewIsMaxOverMedian() {
        ScopeFacts f = stageFacts(stage(1).quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 512 * MIB)));
        assertThat(value(f, "stage.shuffleRead.maxOverP50")).isEqualTo(8.0);
        assertThat(value(f, "stage.dataSkew.ratio")).isEqualTo(8.0);
    }

    @Test
    void smallDataIsNotFlooredIntoEven() {
        // 100 KiB median, 5 MiB max: 51×; a floor at 1 MiB once made it 5×
        ScopeFacts f = stageFacts(stage(1).quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(100 * KIB, 5 * MIB))
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, Quantiles.ZERO));
        assertThat(value(f, "stage.shuffleRead.maxOverP50")).isEqualTo(51.2);
        assertThat(value(f, "stage.dataSkew.ratio")).isEqualTo(51.2);
        assertThat(value(f, "stage.data.skewed")).isEqualTo(1.0);
    }

    @Test
    void recordsDecideWhenBytesAreEven() {
        ScopeFacts f = stageFacts(stage(1)
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(10 * KIB, 12 * KIB))
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, q(10, 900)));
        assertThat(value(f, "stage.records.maxOverP50")).isEqualTo(90.0);
        assertThat(value(f, "stage.data.skewed")).isEqualTo(1.0);
        assertThat(f.text("stage.data.compared").orElseThrow()).contains("up to 900 records of input and shuffle records against the median's 10");
    }

    @Test
    void recordsDecideWhenTheSlowestTasksRowsCompressedToFewBytes() {
        // py_skew_join: the hot key's 787k rows read as 1.6x the median's bytes, 11.9x its records
        ScopeFacts f = stageFacts(stage(1)
                .quantiles(TaskMetric.DURATION, q(1_018, 7_297))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(377_861, 607_392))
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, q(66_312, 787_392))
                .slowTask(1, "driver", 7_297, 0, 607_392));
        assertThat(value(f, "stage.data.skewed")).isEqualTo(1.0);
        assertThat(f.text("stage.data.compared").orElseThrow()).contains("787,392 records");
    }

    @Test
    void recordsDoNotOverruleASlowestTaskWithEvenBytes() {
        ScopeFacts f = stageFacts(stage(1)
                .quantiles(TaskMetric.DURATION, q(1_000, 9_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(10 * MIB, 12 * MIB))
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, q(1_000, 90_000))
                .slowTask(1, "driver", 9_000, 0, 10 * MIB));
        assertThat(value(f, "stage.data.skewed")).isEqualTo(0.0);
        assertThat(value(f, "stage.data.even")).isEqualTo(1.0);
    }

    @Test
    void theHotTaskIsTheOneThatReadTheMostNotTheSlowest() {
        // j401_skew_join: a warming first wave ran 10.7 s on median data; the hot partition 5.8 s
        ScopeFacts f = stageFacts(stage(1)
                .quantiles(TaskMetric.DURATION, q(2_702, 10_667))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(1_866_820, 13_263_796))
                .slowTask(0, "driver", 10_667, 0, 1_866_820)
                .slowTask(5, "driver", 5_815, 0, 13_263_796));
        assertThat(value(f, "stage.skew.hotTask.duration")).isEqualTo(5_815.0);
        assertThat(value(f, "stage.skew.hotTask.secondsLost")).isCloseTo(3.113, offset(1e-9));
        assertThat(value(f, "stage.skew.hotTask.overP50")).isCloseTo(5_815.0 / 2_702, offset(1e-9));
        assertThat(value(f, "stage.data.skewed")).isEqualTo(1.0);
    }

    @Test
    void anEmptyMedianWithDataElsewhereIsSkewWithoutARatio() {
        ScopeFacts f = stageFacts(stage(1).quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(0, 5 * MIB))
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, q(0, 5_000)));
        assertThat(value(f, "stage.data.skewed")).isEqualTo(1.0);
        assertThat(f.value("stage.dataSkew.ratio")).isEmpty();
    }

    @Test
    void evenDataIsPositiveEvidence() {
        ScopeFacts f = stageFacts(stage(1).quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 70 * MIB)));
        assertThat(value(f, "stage.data.even")).isEqualTo(1.0);
        assertThat(value(f, "stage.data.skewed")).isEqualTo(0.0);
    }

    @Test
    void unmeasuredDataIsNeitherEvenNorSkewed() {
        ScopeFacts f = stageFacts(stage(1).shuffleRead(0).quantiles(TaskMetric.SHUFFLE_READ_BYTES, Quantiles.ZERO)
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, Quantiles.ZERO));
        assertThat(value(f, "stage.data.even")).isEqualTo(0.0);
        assertThat(value(f, "stage.data.skewed")).isEqualTo(0.0);
        assertThat(f.text("stage.data.compared").orElseThrow()).isEqualTo("no task reported input, shuffle or record counts");
    }

    @Test
    void inputAndShuffleRecordsAddUp() {
        ScopeFacts f = stageFacts(stage(1)
                .quantiles(TaskMetric.INPUT_RECORDS, q(4_000, 40_000))
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, q(6_000, 20_000)));
        assertThat(value(f, "stage.records.maxOverP50")).isEqualTo(6.0);
    }

    @Test
    void durationMedianIsFlooredAtOneHundredMilliseconds() {
        ScopeFacts f = stageFacts(stage(1).quantiles(TaskMetric.DURATION, q(10, 500)));
        assertThat(value(f, "stage.duration.maxOverP50")).isEqualTo(5.0);
        assertThat(value(f, "stage.tail.secondsLost")).isEqualTo(0.49);
    }

    @Test
    void stragglerRatioIsDurationSkewNotExplainedByDataSkew() {
        ScopeFacts f = stageFacts(stage(1)
                .quantiles(TaskMetric.DURATION, q(2_000, 40_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 128 * MIB)));
        assertThat(value(f, "stage.duration.maxOverP50")).isEqualTo(20.0);
        assertThat(value(f, "stage.straggler.ratio")).isEqualTo(10.0);  // 20× the time for 2× the largest data
        assertThat(value(f, "stage.tail.secondsLost")).isEqualTo(38.0);
    }

    @Test
    void secondsLostIsWallMinusTaskTimeOverTheSlots() {
        // 30 s of wall time, 200 s of tasks on 8 slots: 25 s of work, 5 s lost
        assertThat(value(stageFacts(stage(1)), "stage.secondsLost")).isEqualTo(5.0);
        // 4 tasks can use only 4 of the 8 slots
        ScopeFacts four = stageFacts(stage(1).tasks(4, 4).runTime(80_000));
        assertThat(value(four, "stage.slots")).isEqualTo(4.0);
        assertThat(value(four, "stage.secondsLost")).isEqualTo(10.0);
        // never negative
        assertThat(value(stageFacts(stage(1).runTime(1_000_000)), "stage.secondsLost")).isZero();
    }

    @Test
    void runningStageWallRunsToTheSnapshotTime() {
        ScopeFacts f = Facts.of(Snapshots.app().running(T0.plusSeconds(70)).stage(stage(1).tasks(100, 50).active(8)),
                ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.wall")).isEqualTo(60_000.0);
    }

    @Test
    void spillCostsTwoPassesAtOneHundredMebibytesPerSecondOverTheSlots() {
        ScopeFacts f = stageFacts(stage(1).spill(4 * GIB, 2 * GIB));
        assertThat(value(f, "stage.spill.secondsLost")).isEqualTo(2.0 * 2048 / 100 / 8);
        assertThat(value(f, "stage.spill.fractionOfData")).isEqualTo(2048.0 / 6400);
    }

    @Test
    void suggestedPartitionsAimAt128MebibytesEachButNeverFewerThanTheSlots() {
        assertThat(value(stageFacts(stage(1)), "stage.suggestedPartitions")).isEqualTo(50.0);
        // 10 MiB is one partition's worth, but the app's 8 slots would sit idle: 8
        ScopeFacts small = stageFacts(stage(1).shuffleRead(10 * MIB));
        assertThat(value(small, "stage.suggestedPartitions")).isEqualTo(8.0);
        assertThat(small.text("stage.suggestedPartitions.how")).contains("10.0 MiB ÷ 128 MiB = 1; at least the app's 8 slots: 8");
        assertThat(stageFacts(stage(1)).text("stage.morePartitions.how")).contains("twice the stage's 100 tasks: 200 (6.3 GiB ÷ 128 MiB = 50)");
    }

    @Test
    void failuresAreCountedByKindAndTheMostFrequentIsNamed() {
        ScopeFacts f = stageFacts(stage(1).tasks(100, 90).failed(10)
                .failure("TaskKilled", null, "another attempt succeeded", 5)
                .failure("ExceptionFailure", "java.lang.NullPointerException", "java.lang.NullPointerException", 1)
                .failure("ExceptionFailure", "java.io.IOException", "java.io.IOException: No space left on device", 4));
        assertThat(value(f, "stage.failures.count")).isEqualTo(10.0);
        assertThat(value(f, "stage.failures.rate")).isEqualTo(0.1);
        assertThat(value(f, "stage.failures.killed")).isEqualTo(5.0);
        assertThat(value(f, "stage.failures.other")).isEqualTo(1.0);
        assertThat(value(f, "stage.failures.diskFull")).isEqualTo(4.0);
        assertThat(f.text("stage.failure.exception")).contains("java.io.IOException");
        assertThat(f.text("stage.failure.message")).contains("IOException: No space left on device");
        assertThat(f.text("stage.failure.where")).contains("executor 1 on host-1");
    }

    @Test
    void failedStageLosesItsWholeWallTimeAndARetriedFailureItsRunTime() {
        assertThat(value(stageFacts(stage(1).failed(1).status(StageStatus.FAILED)), "stage.failures.secondsLost")).isEqualTo(30.0);
        // 2 failed attempts × 1.9 s median run time over 8 slots
        assertThat(value(stageFacts(stage(1).failed(2)), "stage.failures.secondsLost")).isEqualTo(0.475);
    }

    @Test
    void runningTaskAgeIsComparedWithTheMedianFinishedTask() {
        ScopeFacts f = Facts.of(Snapshots.app().running(T0.plusSeconds(70))
                .stage(stage(1).tasks(100, 50).active(8).runningTask("3", 30_000)), ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.running.maxAge")).isEqualTo(30_000.0);
        assertThat(value(f, "stage.running.overP50")).isEqualTo(15.0);
        assertThat(value(f, "stage.running.secondsLost")).isEqualTo(28.0);
        assertThat(f.text("stage.slowest.where")).contains("task 0 (running, 30.0 s) on executor 3 at host-3");
    }

    @Test
    void resultSizeIsMeasuredAgainstMaxResultSizeInBytes() {
        ScopeFacts f = Facts.of(Snapshots.app().conf("spark.driver.maxResultSize", "2g").stage(stage(1).resultSize(GIB)),
                ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.resultSize.fractionOfMax")).isEqualTo(0.5);
        // 0 = unlimited: no fraction at all
        ScopeFacts unlimited = Facts.of(Snapshots.app().conf("spark.driver.maxResultSize", "0").stage(stage(1).resultSize(GIB)),
                ScopeKind.STAGE, "1.0");
        assertThat(unlimited.value("stage.resultSize.fractionOfMax")).isEmpty();
    }
}
