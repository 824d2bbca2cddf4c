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

import dev.sparkdoc.model.Quantiles;
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
        assertThat(f.title()).isEqualTo("Straggler tasks in stage 5: the slowest took 40.0 s against a 2.0 s median, for about"
                + " the same data (64.0 MiB of shuffle read against the median's 64.0 MiB)");
        // the slow task read the median's 64 MiB: it had no more data
        assertThat(evidence(f, "stage.dataSkew.ratio")).isEqualTo(1.0);
        assertThat(evidence(f, "stage.straggler.ratio")).isEqualTo(20.0);
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
        // 3× the median's data somewhere, no sample: neither straggler nor skew is proven
        fires(Snapshots.app().stage(stage(5).wall(55)
                .quantiles(TaskMetric.DURATION, q(2_000, 40_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 192 * MIB))), "stragglers.slow-tasks-data-unknown", "5.0");
    }

    @Test
    void tasksThatReportNoDataCannotBeTold() {
        // spark.range feeding a map: no input, shuffle or record metrics to compare
        Finding f = fires(Snapshots.app().stage(stage(5).wall(55).shuffleRead(0)
                .quantiles(TaskMetric.DURATION, q(2_000, 40_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, Quantiles.ZERO)
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, Quantiles.ZERO)), "stragglers.slow-tasks-data-unknown", "5.0");
        assertThat(f.title()).endsWith("(no task reported input, shuffle or record counts)");
    }

    /** Stage 6 reads the 200 MiB stage 5 wrote: 99 tasks done at 2 MiB each, one running. */
    private static Snapshots stuck(long ageMs) {
        return Snapshots.app().running(T0.plusSeconds(60)).runningJob(5, 6)
                .stage(stage(5).tasks(4, 4).shuffleRead(0).shuffleWrite(200 * MIB))
                .stage(stage(6).tasks(100, 99).active(1).shuffleRead(198 * MIB + MIB)
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(2 * MIB, 2 * MIB))
                        .runningTask("2", ageMs, MIB));
    }

    @Test
    void taskRunningTwentyTimesLongerThanTheFinishedOnesIsFlagged() {
        Finding f = fires(stuck(40_000), RUNNING, "6.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(38.0);
        assertThat(f.title()).isEqualTo("Straggler in stage 6, while it runs: a task has run for 40.0 s against a 2.0 s"
                + " finished median, for about the same data (2.0 MiB of shuffle read against the finished median's 2.0 MiB)");
        assertThat(evidence(f, "stage.running.overP50")).isEqualTo(20.0);
        assertThat(evidence(f, "stage.running.readPerTask")).isEqualTo(2.0 * MIB);
        assertThat(remedyTexts(f)).contains("task 0 (running, 40.0 s) on executor 2 at host-2");
    }

    @Test
    void taskRunningUnderFiveTimesTheMedianStaysQuiet() {
        silent(stuck(9_000));
    }

    @Test
    void aRunningTaskWhoseDataIsNotKnownIsNeither() {
        // no job naming the stage's parents, one of eight running tasks in hand
        Finding f = fires(Snapshots.app().running(T0.plusSeconds(60)).stage(stage(6).tasks(100, 60).active(8)
                .runningTask("2", 40_000)), "stragglers.running-long", "6.0");
        assertThat(f.title()).startsWith("A task of stage 6 has been running for 40.0 s, the finished ones took 2.0 s;"
                + " skew or straggler cannot be told yet");
    }
}
