package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code local[2]} application whose driver works alone: {@value #BUSY_MS} ms of its own
 * code before the first job (the time a session start or a read takes: not counted), a
 * {@code collectAsList()}, then {@value #BUSY_MS} ms of a loop over the collected rows, then one
 * more job. Judged live over REST and from the event log, after the fact: no thread dump is read.
 */
@RealSpark
class DriverBetweenJobsScenarioTest {

    static final long BUSY_MS = 12_000;

    @TempDir
    Path logs;

    @Test
    void theLoopAfterACollectIsAWarningNamingTheCollectAndTheTimeBeforeTheFirstJobIsNotCounted() {
        ScenarioTriage t = ScenarioTriage.run("driver between jobs", LocalSpark.builder().master("local[2]"), logs,
                DriverBetweenJobsScenarioTest::workload);
        assertThat(t.result()).isEqualTo(20_000);
        for (Diagnosis d : t.both()) {
            List<Finding> mine = d.findings().stream().filter(f -> f.rule().equals("scheduling.driver-between-jobs")).toList();
            assertThat(mine).as(t.describe(d)).hasSize(1);
            Finding f = mine.get(0);
            assertThat(f.severity()).as(t.describe(d)).isEqualTo(Severity.WARNING);
            assertThat(f.title()).as(t.describe(d)).contains("followed job").contains("collectAsList at DriverBetweenJobsScenarioTest.java:");
            // the loop, and the next job's planning (well under the margin even 3x slower); never the work before the first job
            assertThat(f.secondsLost()).as(t.describe(d)).isBetween(BUSY_MS / 1000.0, BUSY_MS / 1000.0 + 8);
        }
    }

    private static long workload(SparkSession s) {
        double before = busy(BUSY_MS, 1); // the driver's own work before any job: the app starting
        List<Row> rows = s.range(0, 20_000, 1, 4).toDF("id").collectAsList();
        double x = busy(BUSY_MS, rows.size()); // a loop over the collected rows
        long more = s.range(0, 1_000, 1, 2).count();
        return rows.size() + (x + before > 0 ? 0 : 1) + (more == 1_000 ? 0 : 1);
    }

    /** The driver's own work: computing for {@code ms} of wall time. */
    private static double busy(long ms, long seed) {
        double x = seed;
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (System.nanoTime() < end) {
            x = Math.sqrt(x + 1) + Math.log1p(x);
        }
        return x;
    }
}
