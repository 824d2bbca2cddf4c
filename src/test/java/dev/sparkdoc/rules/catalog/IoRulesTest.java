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

import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class IoRulesTest {

    private static final String SMALL_FILES = "io.small-files";
    private static final String SLOW_READ = "io.slow-read";

    /** A scan stage (no shuffle read) of {@code tasks} tasks reading {@code perTask} bytes each. */
    private static Snapshots.StageBuilder scan(int id, int tasks, long perTask) {
        return stage(id).tasks(tasks, tasks).input(tasks * perTask).shuffleRead(0)
                .quantiles(TaskMetric.INPUT_BYTES, q(perTask, perTask * 1.2))
                .quantiles(TaskMetric.INPUT_RECORDS, q(10_000, 12_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, Quantiles.ZERO)
                .quantiles(TaskMetric.SHUFFLE_READ_RECORDS, Quantiles.ZERO);
    }

    private static Snapshots.StageBuilder manySmallFiles(long perTask) {
        return scan(13, 2000, perTask).wall(120).runTime(600_000)
                .quantiles(TaskMetric.DURATION, q(300, 600))
                .quantiles(TaskMetric.EXECUTOR_RUN_TIME, q(250, 500));
    }

    @Test
    void twoThousandOneMegabyteTasksAreSmallFiles() {
        Finding f = fires(Snapshots.app().stage(manySmallFiles(MIB)), SMALL_FILES, "13.0");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Stage 13 read 2.0 GiB in 2,000 tasks: 1.0 MiB each (small files)");
        // 120 s of wall time for 600 s of tasks on 8 slots
        assertThat(f.secondsLost()).isEqualTo(45.0);
        assertThat(evidence(f, "stage.input.perTask")).isEqualTo((double) MIB);
        // 128m is Spark's default: proposing it would change nothing
        assertThat(f.remedies()).allSatisfy(r -> assertThat(r.conf()).doesNotContainKey("spark.sql.files.maxPartitionBytes"));
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.text()).startsWith("Compact the input"));
    }

    @Test
    void threeMegabytesPerTaskStayQuiet() {
        silent(Snapshots.app().stage(manySmallFiles(3 * MIB)));
    }

    private static Snapshots.StageBuilder slowScan(long totalBytes) {
        return scan(14, 100, totalBytes / 100).input(totalBytes).wall(120).runTime(600_000);
    }

    @Test
    void readingTwoGigabytesInTenTaskMinutesIsSlow() {
        Finding f = fires(Snapshots.app().stage(slowScan(2 * GIB)), SLOW_READ, "14.0");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).isEqualTo("Stage 14 read at 3.4 MiB/s per task");
        assertThat(evidence(f, "stage.input.throughput")).isEqualTo(2.0 * GIB / 600);
        assertThat(f.secondsLost()).isEqualTo(45.0);
        assertThat(conf(f, "spark.speculation")).isEqualTo("true");
    }

    @Test
    void readingAtFiveMegabytesPerSecondStaysQuiet() {
        silent(Snapshots.app().stage(slowScan(3 * GIB)));
    }
}
