package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.remedyTexts;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class StragglerRulesTest {

    private static final String SLOW = "stragglers.slow-tasks";
    private static final String RUNNING = "stragglers.running-task";

    @Test
    void slowTaskWithTheSameDataAsTheMedianIsAStraggler() {
        var s = Snapshots.app().stage(stage(5).wall(55)
                .quantiles(TaskMetric.DURATION, q(2_000, 40_000))
                .slowTask(17, "2", 40_000));
        Finding f = fires(s, SLOW, "5.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(38.0);
        assertThat(f.title()).isEqualTo("Straggler tasks in stage 5: the slowest took 40.0 s for the same data as a 2.0 s median task");
        // data: shuffle read max/median 70/64, records 1.1: the slow task had no more data
        assertThat(evidence(f, "stage.dataSkew.ratio")).isEqualTo(1.1);
        assertThat(evidence(f, "stage.straggler.ratio")).isCloseTo(20 / 1.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(remedyTexts(f)).contains("task 17 (40.0 s) on executor 2 at host-2");
        assertThat(conf(f, "spark.speculation")).isEqualTo("true");
    }

    @Test
    void withoutATaskSampleTheRemedySaysWhereToLook() {
        Finding f = fires(Snapshots.app().stage(stage(5).wall(55).quantiles(TaskMetric.DURATION, q(2_000, 40_000))), SLOW, "5.0");
        assertThat(remedyTexts(f)).contains("sort the stage's tasks by duration in the Spark UI");
    }

    @Test
    void slowestJustUnderThreeTimesTheMedianStaysQuiet() {
        silent(Snapshots.app().stage(stage(5).wall(55).quantiles(TaskMetric.DURATION, q(4_000, 11_600))));
    }

    @Test
    void slowTaskWithThreeTimesTheDataIsNotAStraggler() {
        // 3× the median's data explains the slow task; not skew either (AQE's factor is 5)
        silent(Snapshots.app().stage(stage(5).wall(55)
                .quantiles(TaskMetric.DURATION, q(2_000, 40_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 192 * MIB))));
    }

    private static Snapshots stuck(long ageMs) {
        return Snapshots.app().running(T0.plusSeconds(60))
                .stage(stage(6).tasks(100, 60).active(8).runningTask("2", ageMs));
    }

    @Test
    void taskRunningTwentyTimesLongerThanTheFinishedOnesIsFlagged() {
        Finding f = fires(stuck(40_000), RUNNING, "6.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(38.0);
        assertThat(f.title()).isEqualTo("A task of stage 6 has been running for 40.0 s, the finished ones took 2.0 s");
        assertThat(evidence(f, "stage.running.overP50")).isEqualTo(20.0);
        assertThat(evidence(f, "stage.tasks.running")).isEqualTo(8.0);
        assertThat(remedyTexts(f)).contains("task 0 (running, 40.0 s) on executor 2 at host-2");
    }

    @Test
    void taskRunningUnderFourTimesTheMedianStaysQuiet() {
        silent(stuck(7_000));
    }
}
