package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.rules.catalog.CatalogAssert.remedyTexts;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
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
        // the app runs 100 shuffle partitions, as the stage has tasks: twice as many is a change
        Finding f = fires(Snapshots.app().conf("spark.sql.shuffle.partitions", "100").stage(skewed(50_000, 1024 * MIB)), SKEW, "3.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(48.0);
        assertThat(f.title()).isEqualTo("Data skew in stage 3: the slowest task took 50.0 s against a 2.0 s median,"
                + " with up to 1.0 GiB of shuffle read against the median's 64.0 MiB");
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
    void largestDataJustUnderFiveTimesCannotBeTold() {
        // 4.9× the median's data somewhere in the stage, no sample of the slowest task: neither
        // skew nor a straggler is proven, and the finding says so
        Finding f = fires(Snapshots.app().stage(skewed(50_000, (long) (64 * MIB * 4.9))),
                "stragglers.slow-tasks-data-unknown", "3.0");
        assertThat(f.title()).contains("cannot be told (up to 313.6 MiB of shuffle read against the median's 64.0 MiB)");
    }

    @Test
    void theSlowestTasksOwnDataDecides() {
        // the stage's largest read is 16×, but the slowest task read 3.5× the median: skew
        Finding f = fires(Snapshots.app().stage(skewed(50_000, 1024 * MIB).slowTask(4, "1", 50_000, 0, 224 * MIB)), SKEW, "3.0");
        assertThat(f.title()).endsWith("with 224.0 MiB of shuffle read against the median's 64.0 MiB");
        // ... and a slowest task with the median's data is a straggler, whatever another task read
        fires(Snapshots.app().stage(skewed(50_000, 1024 * MIB).slowTask(4, "1", 50_000, 0, 64 * MIB)),
                "stragglers.slow-tasks", "3.0");
    }

    @Test
    void smallSkewedDataStaysSkew() {
        // a hot task reading 22× a median of 3 KB: once floored to "even" at 1 MiB
        Finding f = fires(Snapshots.app().stage(stage(3).wall(55).shuffleRead(100 * 3_000L)
                .quantiles(TaskMetric.DURATION, q(400, 31_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(3_000, 66_000))
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, q(30, 660))
                .slowTask(7, "1", 31_000, 0, 66_000)), SKEW, "3.0");
        assertThat(evidence(f, "stage.dataSkew.ratio")).isEqualTo(22.0);
    }

    /** A reduce stage of 10 tasks reading 100 MiB the map stage 0 wrote; 8 done reading 2 MiB each. */
    private static Snapshots live(long hotReadSoFar) {
        return Snapshots.app().running(Snapshots.T0.plusSeconds(60)).runningJob(0, 1)
                .stage(stage(0).tasks(4, 4).shuffleRead(0).shuffleWrite(100 * MIB))
                .stage(stage(1).tasks(10, 8).active(2).shuffleRead(16 * MIB + hotReadSoFar + MIB)
                        .quantiles(TaskMetric.DURATION, q(1_000, 1_300))
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(2 * MIB, 2 * MIB))
                        .runningTask("1", 14_000, hotReadSoFar).runningTask("2", 14_000, MIB));
    }

    @Test
    void aRunningTaskWithTheParentsDataLeftIsSkewBeforeItEnds() {
        // 100 − 16 MiB left for two running tasks: 42 MiB each against a 2 MiB median, whatever they read so far
        Finding f = fires(live(0), "skew.running-task", "1.0");
        assertThat(f.title()).isEqualTo("Data skew in stage 1, while it runs: a task has run for 14.0 s against a 1.0 s"
                + " finished median, with 42.0 MiB of shuffle read against the finished median's 2.0 MiB");
        assertThat(evidence(f, "stage.running.readPerTask")).isEqualTo(42.0 * MIB);
        assertThat(remedyTexts(f)).contains("Speculation will not help");
    }

    @Test
    void underAqeTheFinalStagesParentIsTheMapJobOfTheSameQuery() {
        // AQE: job 0 wrote the shuffle (stage 0); the final job 1 lists a fresh id for it (stage 1),
        // PENDING until the job ends, then SKIPPED; stage 2 reads what stage 0 wrote
        Finding f = fires(aqeJoin(dev.sparkdoc.model.StageStatus.PENDING), "skew.running-task", "2.0");
        assertThat(evidence(f, "stage.running.readPerTask")).isEqualTo(42.0 * MIB);
        // the same stage running (a parent still at work) proves nothing: cannot tell
        quiet(aqeJoin(dev.sparkdoc.model.StageStatus.ACTIVE), "skew.running-task");
    }

    /** A running final join stage 2 whose job also lists stage 1 (in {@code middle}), the fresh id of stage 0's shuffle. */
    private static Snapshots aqeJoin(dev.sparkdoc.model.StageStatus middle) {
        return Snapshots.app().running(Snapshots.T0.plusSeconds(60))
                .stage(stage(0).tasks(4, 4).shuffleRead(0).shuffleWrite(100 * MIB))
                .runningJob(1, 2)
                .stage(stage(1).tasks(4, 0).status(middle).shuffleRead(0).shuffleWrite(0))
                .stage(stage(2).tasks(10, 8).active(2).shuffleRead(17 * MIB)
                        .quantiles(TaskMetric.DURATION, q(1_000, 1_300))
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(2 * MIB, 2 * MIB))
                        .runningTask("1", 14_000, 0).runningTask("2", 14_000, MIB))
                .sql(new dev.sparkdoc.model.SqlExecution(0, "skewed join", "RUNNING", Optional.of(Snapshots.T0), 50_000,
                        List.of(1), List.of(0), List.of(), List.of(), List.of(), Optional.empty()));
    }

    @Test
    void slowestTaskUnderFiveSecondsStaysQuiet() {
        silent(Snapshots.app().stage(skewed(4_900, 1024 * MIB)));
    }

    @Test
    void stageOfThreeTasksStaysQuiet() {
        // too few to tell skew from noise; three tasks on eight slots are scheduling.few-tasks' to say
        Snapshots three = Snapshots.app().stage(skewed(50_000, 1024 * MIB).tasks(3, 3));
        quiet(three, SKEW);
        quiet(three, "stragglers.slow-tasks");
    }
}
