package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class NotStartingRulesTest {

    private static final String WAITING = "not-starting.waiting-for-resources";
    private static final String NO_EXECUTORS = "not-starting.no-executors";

    /** A live app whose only stage (submitted at T0 + 10 s) has 100 pending tasks and none running. */
    private static Snapshots waitingFor(long seconds) {
        return Snapshots.app().running(T0.plusSeconds(10 + seconds))
                .stage(stage(10).tasks(100, 0).active(0).noQuantiles().runTime(0));
    }

    @Test
    void twoMinutesWithPendingTasksAndNoneRunningIsAWarning() {
        Finding f = fires(waitingFor(120), WAITING, "app-test");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(120.0);
        assertThat(f.title()).isEqualTo("Nothing has run for 2 min 00 s: stages have pending tasks and no task is running");
        assertThat(evidence(f, "app.executors.active")).isEqualTo(2.0);
        // the app asks 4g on YARN (cores unset: 1 there): half the memory, and no cores key, which would change nothing
        assertThat(conf(f, "spark.executor.memory")).isEqualTo("2g");
        assertThat(f.remedies()).noneMatch(r -> r.conf().containsKey("spark.executor.cores"));
        assertThat(f.remedies().get(0).text()).contains("half of spark.executor.memory = 4g (set by the app) = 2.0 GiB");
    }

    @Test
    void withDynamicAllocationUnderItsMaximumTheWaitIsExecutorsNotGranted() {
        Finding f = fires(waitingFor(120).conf("spark.dynamicAllocation.enabled", "true")
                .conf("spark.dynamicAllocation.maxExecutors", "50"), WAITING, "app-test");
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.text()).isEqualTo("Dynamic allocation asks for executors as tasks wait,"
                + " and the cluster did not grant them: dynamic allocation is on: 2 executor(s) alive, under"
                + " spark.dynamicAllocation.maxExecutors = 50 (set by the app)"));
        // without dynamic allocation nothing is said of it
        assertThat(fires(waitingFor(120), WAITING, "app-test").remedies()).noneMatch(r -> r.text().contains("dynamic allocation"));
    }

    @Test
    void anAppAskingEightCoresAndOneGigabyteIsAskedForFourCoresAndNeverMoreMemory() {
        Finding f = fires(waitingFor(120).conf("spark.executor.cores", "8").conf("spark.executor.memory", "1g"), WAITING, "app-test");
        assertThat(conf(f, "spark.executor.cores")).isEqualTo("4");
        // 1g is the floor, and already in force: not proposed (the old fixed 2g asked for more)
        assertThat(f.remedies()).noneMatch(r -> r.conf().containsKey("spark.executor.memory"));
    }

    @Test
    void fiveMinutesOfWaitingIsCritical() {
        assertThat(fires(waitingFor(390), WAITING, "app-test").severity()).isEqualTo(Severity.CRITICAL);
    }

    @Test
    void twentyNineSecondsOfWaitingStaysQuiet() {
        silent(waitingFor(29));
    }

    @Test
    void pendingTasksWhileAnotherStageRunsStayQuiet() {
        silent(waitingFor(120).stage(stage(11).tasks(100, 50).active(8).runTime(500_000)));
    }

    @Test
    void onlyTheDriverAfterAMinuteIsCritical() {
        Finding f = fires(waitingFor(60).executors(executor("driver", 0)), NO_EXECUTORS, "app-test");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.secondsLost()).isEqualTo(60.0);
        assertThat(f.title()).isEqualTo("No executor has registered: only the driver is up");
        assertThat(evidence(f, "app.onlyDriver")).isEqualTo(1.0);
    }

    @Test
    void executorsStillStartingAfterNineSecondsStayQuiet() {
        silent(waitingFor(9).executors(executor("driver", 0)));
    }

    @Test
    void localModeHasNoExecutorsButTheDriver() {
        quiet(waitingFor(60).executors(executor("driver", 2)).conf("spark.master", "local[2]"), NO_EXECUTORS);
    }
}
