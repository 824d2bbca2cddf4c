package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.remedyTexts;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.failedJob;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

/** errors-before and errors-during. */
class ErrorRulesTest {

    private static final String BEFORE = "errors-before.job-failed-early";
    private static final String DURING = "errors-during.task-failures";
    private static final String RETRIED = "errors-during.retried-work";

    private static final String LINEAGE_TOO_DEEP = """
            Job aborted due to stage failure: Task serialization failed: java.lang.StackOverflowError
            java.lang.StackOverflowError
            \tat java.base/java.io.ObjectOutputStream.writeObject0(ObjectOutputStream.java:1136)""";

    @Test
    void jobFailingBeforeAnyTaskRanIsCritical() {
        Finding f = fires(Snapshots.app().job(failedJob(0, LINEAGE_TOO_DEEP, 0, 0)), BEFORE, "0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).isEqualTo("Job 0 failed before any task ran: java.lang.StackOverflowError");
        assertThat(remedyTexts(f)).contains(
                "Read the error: Job aborted due to stage failure: Task serialization failed: java.lang.StackOverflowError");
        assertThat(evidence(f, "job.wall")).isEqualTo(2_000.0);
    }

    @Test
    void jobFailingAfterItsTasksRanIsNotAnEarlyFailure() {
        silent(Snapshots.app().job(failedJob(0, "Job aborted due to stage failure: Task 0 in stage 0.0 failed 4 times, "
                + "most recent failure: Lost task 0.3 in stage 0.0 (TID 3) (host-1 executor 1): "
                + "java.lang.ArithmeticException: / by zero", 3, 4)));
    }

    private static Snapshots.StageBuilder divideByZero() {
        return stage(11).tasks(100, 99).failed(1)
                .failure("ExceptionFailure", "java.lang.ArithmeticException", "java.lang.ArithmeticException: / by zero",
                        "java.lang.ArithmeticException: / by zero\n\tat App.divide(App.scala:12)", 1, "1");
    }

    @Test
    void userCodeFailingAStageIsCritical() {
        Finding f = fires(Snapshots.app().stage(divideByZero().status(StageStatus.FAILED)), DURING, "11.0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.secondsLost()).isEqualTo(30.0);
        assertThat(f.title()).isEqualTo("Tasks of stage 11 failed: java.lang.ArithmeticException");
        assertThat(remedyTexts(f)).contains("Read the task error (executor 1 on host-1): java.lang.ArithmeticException: / by zero");
        assertThat(evidence(f, "stage.failures.count")).isEqualTo(1.0);
    }

    @Test
    void failedTaskOfARunningStageIsAWarning() {
        Finding f = fires(Snapshots.app().stage(divideByZero().active(1)), DURING, "11.0", "scheduling.idle-slots");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void failedTaskOfAStageThatCompletedOnRetryIsNoStageFinding() {
        // one attempt of 1.9 s wasted: under the retried-work rule's 3 s, and no warning per stage either
        silent(Snapshots.app().stage(divideByZero().tasks(100, 100)));
    }

    @Test
    void retriesThatBurnTimeAreOneWarningForTheirReasonAcrossStages() {
        Finding f = fires(Snapshots.app().stage(flaky(11, "10.0.0.1")).stage(flaky(12, "10.0.0.2")), RETRIED, "app-test", "scheduling.few-tasks");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        // each stage: 2 failed attempts at its mean run of 60 s over 6 ended attempts; over the app's 8 slots
        assertThat(evidence(f, "app.retries.taskTime")).isEqualTo(40_000.0);
        assertThat(f.secondsLost()).isEqualTo(5.0);
        assertThat(f.title()).isEqualTo("4 task attempt(s) failed and ran again, wasting 40.0 s of slot time: "
                + "java.lang.IllegalStateException: flaky host <host>");
    }

    private static Snapshots.StageBuilder flaky(int id, String host) {
        return stage(id).tasks(4, 4).failed(2).runTime(60_000)
                .failure("ExceptionFailure", "java.lang.IllegalStateException", "java.lang.IllegalStateException: flaky host " + host, 2);
    }

    @Test
    void tasksKilledBySpeculationAreNotErrors() {
        silent(Snapshots.app().stage(stage(11).failed(3)
                .failure("TaskKilled", null, "another attempt succeeded", 3)));
    }
}
