package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.KIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class SchedulingRulesTest {

    private static final String TINY = "scheduling.tiny-tasks";
    private static final String IDLE = "scheduling.idle-slots";
    private static final String FEW = "scheduling.few-tasks";

    /** 5000 tasks reading 100 KiB each in a 50 s stage that has 25 s of work for 8 slots. */
    private static Snapshots.StageBuilder tinyTasks(double medianMs) {
        return stage(8).tasks(5000, 5000).wall(50).runTime(200_000).shuffleRead(500 * MIB)
                .quantiles(TaskMetric.DURATION, q(medianMs, 300))
                .quantiles(TaskMetric.EXECUTOR_RUN_TIME, q(medianMs * 0.8, 250))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(100 * KIB, 120 * KIB));
    }

    @Test
    void fiveThousandFiftyMillisecondTasksAreTiny() {
        Finding f = fires(Snapshots.app().stage(tinyTasks(50)), TINY, "8.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(25.0);
        assertThat(f.title()).isEqualTo("Stage 8 ran 5,000 tiny tasks (median 50 ms)");
        assertThat(evidence(f, "stage.bytesPerTask")).isEqualTo(500.0 * MIB / 5000);
        // 500 MiB at 128 MiB a partition is 4, but the app has 8 slots: one wave of 8 keeps them all at work
        assertThat(conf(f, "spark.sql.shuffle.partitions")).isEqualTo("8");
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.text())
                .isEqualTo("Use fewer, larger partitions: 500.0 MiB ÷ 128 MiB = 4; at least the app's 8 slots: 8"));
        // the test stages are "stage N at Job.scala:42": Scala code
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.code()).contains("val out = df.coalesce(8)"));
    }

    @Test
    void medianTaskOfTwoHundredTenMillisecondsIsNotTiny() {
        silent(Snapshots.app().stage(tinyTasks(210)));
    }

    @Test
    void tinyTasksThatCostLessThanFiveSecondsStayQuiet() {
        silent(Snapshots.app().stage(tinyTasks(50).wall(29)));
    }

    /**
     * {@code stages} stages of 100 tasks, one after the other, each {@code wallSeconds} long with 1 s
     * of run time, without task summaries (as read live).
     */
    private static Snapshots manySmallStagesReadLive(int stages, long wallSeconds) {
        Snapshots app = Snapshots.app();
        for (int i = 0; i < stages; i++) {
            app.stage(Snapshots.stageAt(10 + i, Snapshots.T0.plusSeconds(10 + i * wallSeconds)).tasks(100, 100).wall(wallSeconds)
                    .runTime(1_000).noQuantiles());
        }
        return app;
    }

    @Test
    void stagesWithoutSummariesAreTinyWhenTheirWallOverTheirTasksPerSlotIsUnderTwoHundredMilliseconds() {
        // 2 s × 8 slots / 100 tasks: no task of them can have averaged over 160 ms
        Finding f = fires(manySmallStagesReadLive(12, 2), "scheduling.tiny-tasks-across-stages", "app-test", IDLE);

        assertThat(evidence(f, "app.tinyTasks.stages")).isEqualTo(12.0);
        // each stage: 2 s of wall against 1 s of run time over 8 slots
        assertThat(f.secondsLost()).isEqualTo(12 * (2.0 - 1.0 / 8));
    }

    @Test
    void stagesWithoutSummariesWhoseTasksCouldHaveAveragedOverTwoHundredMillisecondsAreNotTiny() {
        // 3 s × 8 slots / 100 tasks = 240 ms: maybe not tiny, so not counted
        quiet(manySmallStagesReadLive(12, 3), "scheduling.tiny-tasks-across-stages");
    }

    /** Two tasks of a stage on 8 slots: 6 slots idle the whole time. */
    private static Snapshots.StageBuilder twoTasks(long wallSeconds) {
        long taskMs = (wallSeconds - 10) * 1000;
        return stage(9).tasks(2, 2).wall(wallSeconds).runTime(2 * taskMs)
                .quantiles(TaskMetric.DURATION, q(taskMs, taskMs + 5_000))
                .quantiles(TaskMetric.EXECUTOR_RUN_TIME, q(taskMs - 1_000, taskMs + 4_000));
    }

    @Test
    void twoTasksOnEightSlotsLeaveThemIdle() {
        Finding f = fires(Snapshots.app().stage(twoTasks(300)), IDLE, "app-test", FEW);

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(evidence(f, "app.slotUse")).isEqualTo(580.0 / 2400);
        // (8 slots × 300 s − 580 s of tasks) / 8 slots
        assertThat(f.secondsLost()).isEqualTo(227.5);
        assertThat(f.title()).isEqualTo("Slots sat idle: tasks used 24% of the executors' slot time while stages ran");
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.code()).contains("val out = df.repartition(8 * 3)"));
    }

    @Test
    void idleForMoreThanFiveMinutesOfSlotTimeIsAWarning() {
        // the app outlives its 1200 s stage: the stage's running time is all the account's to give
        Finding f = fires(Snapshots.app().endedAt(Snapshots.T0.plusSeconds(1300)).stage(twoTasks(1200)), IDLE, "app-test", FEW);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo((8 * 1200 - 2 * 1190) / 8.0);
    }

    @Test
    void slotUseJustOverFortyPercentStaysQuiet() {
        // 200 s of tasks in 61 s on 8 slots: 41%
        silent(Snapshots.app().stage(stage(9).wall(61)));
    }

    @Test
    void idleSlotsInAnAppBusyForUnderAMinuteStayQuietWhileTheStageSaysItRanTooFewTasks() {
        quiet(Snapshots.app().stage(twoTasks(59)), IDLE);
        // 2 even tasks of 49 s on 8 slots: 98 s of work that 8 slots would do in 12.25 s
        Finding f = fires(Snapshots.app().stage(twoTasks(59)), FEW, "9.0");
        assertThat(f.secondsLost()).isEqualTo(49 * (1 - 2 / 8.0));
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Stage 9 ran 2 task(s) on 8 slots: 6 sat idle for 59.0 s");
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.code()).contains("val out = df.repartition(8 * 3)"));
    }
}
