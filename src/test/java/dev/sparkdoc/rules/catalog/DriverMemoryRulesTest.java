package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriverMemoryRulesTest {

    private static final String RESULTS = "driver-memory.large-results";
    private static final String HEAP = "driver-memory.heap-near-max";
    private static final String CUT_OFF = "driver-memory.log-cut-off";

    @Test
    void collectingMoreThanHalfOfMaxResultSizeIsCritical() {
        Finding f = fires(Snapshots.app().stage(stage(12).resultSize(600 * MIB)), RESULTS, "12.0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).isEqualTo("Stage 12 sent 600.0 MiB of results to the driver");
        // the stage's 30 s from its submission, bounded by the account's running time: from its first task's launch
        assertThat(f.secondsLost()).isEqualTo(29.95, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(evidence(f, "stage.resultSize.fractionOfMax")).isEqualTo(600.0 / 1024);
        // driver memory 2g: doubled, and the result limit raised to today's driver memory
        assertThat(conf(f, "spark.driver.memory")).isEqualTo("4g");
        assertThat(conf(f, "spark.driver.maxResultSize")).isEqualTo("2g");
        // how each was reached, and what the limit does today against the heap
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.text()).contains("2 × spark.driver.memory = 2g (set by the app) = 4.0 GiB;"
                + " now spark.driver.maxResultSize = 1g (Spark 4.0's default), under the driver's 2.0 GiB heap"
                + " (spark.driver.memory = 2g (set by the app)): a collect past it fails the job cleanly instead of the driver"));
    }

    @Test
    void aResultLimitOfZeroOrAboveTheHeapIsNamedAsNoGuard() {
        Finding none = fires(Snapshots.app().conf("spark.driver.maxResultSize", "0").stage(stage(12).resultSize(600 * MIB)), RESULTS, "12.0");
        assertThat(none.remedies()).anySatisfy(r -> assertThat(r.text())
                .contains("spark.driver.maxResultSize = 0 (set by the app): no limit, a collect can fill the driver's 2.0 GiB heap"));
        Finding above = fires(Snapshots.app().conf("spark.driver.maxResultSize", "4g").stage(stage(12).resultSize(600 * MIB)), RESULTS, "12.0");
        assertThat(above.remedies()).anySatisfy(r -> assertThat(r.text())
                .contains("spark.driver.maxResultSize = 4g (set by the app) is at or above the driver's 2.0 GiB heap"));
    }

    @Test
    void collectingAHundredMegabytesIsAWarning() {
        assertThat(fires(Snapshots.app().stage(stage(12).resultSize(100 * MIB)), RESULTS, "12.0").severity())
                .isEqualTo(Severity.WARNING);
    }

    @Test
    void sixtyMegabytesOfResultsStayQuiet() {
        silent(Snapshots.app().stage(stage(12).resultSize(60 * MIB)));
    }

    @Test
    void driverHeapAtNinetyThreePercentWithCostlyGcIsAWarning() {
        // a full heap alone is how a JVM runs (it collects when full): info
        var calm = Snapshots.app().executors(executor("driver", 0).peak("JVMHeapMemory", 1_900 * MIB),
                executor("1", 4), executor("2", 4));
        assertThat(fires(calm, HEAP, "driver").severity()).isEqualTo(Severity.INFO);

        // 15% of the task time in GC makes it a warning (and an executor GC finding of its own)
        var s = Snapshots.app().executors(executor("driver", 0).taskTime(600_000, 90_000).peak("JVMHeapMemory", 1_900 * MIB),
                executor("1", 4), executor("2", 4));
        Finding f = fires(s, HEAP, "driver", "executor-memory.gc");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Driver heap peaked at 1.9 GiB of 2.0 GiB");
        assertThat(f.secondsLost()).isEqualTo(90.0);
        assertThat(conf(f, "spark.driver.memory")).isEqualTo("2850m");
    }

    @Test
    void driverHeapAtEightyEightPercentStaysQuiet() {
        silent(Snapshots.app().executors(executor("driver", 0).peak("JVMHeapMemory", 1_800 * MIB),
                executor("1", 4), executor("2", 4)));
    }

    @Test
    void eventLogEndingBeforeTheAppIsReported() {
        Finding f = fires(Snapshots.app().cutOffLog().stage(stage(0)), CUT_OFF, "app-test");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.secondsLost()).isZero();
        assertThat(conf(f, "spark.driver.memory")).isEqualTo("4g");
    }

    @Test
    void completeEventLogAndLiveAppStayQuiet() {
        // its 100 even tasks in 13 waves on 8 slots are scheduling.waves' business, not the driver's
        for (Snapshots s : List.of(Snapshots.app().stage(stage(0)), Snapshots.app().running(T0.plusSeconds(60)).stage(stage(0)))) {
            assertThat(CatalogAssert.diagnose(s).findings()).noneMatch(f -> f.family().equals("driver-memory"));
        }
    }
}
