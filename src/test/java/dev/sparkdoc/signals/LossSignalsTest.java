package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

/**
 * Spark fails every stage attempt that hits a FetchFailed and resubmits the stage: the attempt's
 * status FAILED alone says nothing about whether the work was lost. Only a fetch-failed attempt
 * no later attempt took over failed the stage (and its job).
 */
class LossSignalsTest {

    private static final String FETCH = "FetchFailed(BlockManagerId(0, 127.0.0.1, 41731, None), shuffleId=0, mapIndex=0)";

    @Test
    void aFetchFailedAttemptThatALaterAttemptCompletedIsRecovered() {
        ScopeFacts app = Facts.app(Snapshots.app()
                .stage(stage(0).wall(2))
                .stage(stage(1).status(StageStatus.FAILED).wall(8).failure("FetchFailed", "org.apache.spark.shuffle.FetchFailedException", FETCH, 2))
                .stage(stage(0).attempt(1).wall(1))
                .stage(stage(1).attempt(1).wall(3)));
        assertThat(value(app, "app.fetchFailures")).isEqualTo(2.0);
        assertThat(value(app, "app.fetchFailed.stageFailed")).isZero();
        assertThat(value(app, "app.stages.retried")).isEqualTo(2.0);
        // the failed attempt and both reruns: 8 + 1 + 3 s
        assertThat(value(app, "app.recompute.secondsLost")).isEqualTo(12.0);
    }

    @Test
    void aFetchFailedAttemptStillBeingRetriedIsNotYetAFailedStage() {
        ScopeFacts app = Facts.app(Snapshots.app().running(Snapshots.T0.plusSeconds(100))
                .stage(stage(1).status(StageStatus.FAILED).wall(8).failure("FetchFailed", "org.apache.spark.shuffle.FetchFailedException", FETCH, 1))
                .stage(stage(1).attempt(1).active(2)));
        assertThat(value(app, "app.fetchFailed.stageFailed")).isZero();
    }

    @Test
    void aFetchFailedAttemptNoRetryFollowedFailedTheStage() {
        ScopeFacts app = Facts.app(Snapshots.app()
                .stage(stage(1).status(StageStatus.FAILED).wall(8).failure("FetchFailed", "org.apache.spark.shuffle.FetchFailedException", FETCH, 2)));
        assertThat(value(app, "app.fetchFailed.stageFailed")).isEqualTo(1.0);
    }

    @Test
    void theLastOfFourFailedAttemptsFailedTheStage() {
        Snapshots s = Snapshots.app();
        for (int attempt = 0; attempt < 4; attempt++) {
            s.stage(stage(1).attempt(attempt).status(StageStatus.FAILED).wall(5)
                    .failure("FetchFailed", "org.apache.spark.shuffle.FetchFailedException", FETCH, 1));
        }
        assertThat(value(Facts.app(s), "app.fetchFailed.stageFailed")).isEqualTo(1.0);
    }

    @Test
    void executorsThatTasksSayWereLostAreNamedWhenNoRemovalWasRecorded() {
        String lost = "ExecutorLostFailure (executor 3 exited caused by one of the running tasks) Reason: Container from a bad node";
        ScopeFacts app = Facts.app(Snapshots.app()
                .stage(stage(1).status(StageStatus.FAILED).wall(8)
                        .failure("ExecutorLostFailure", null, lost, lost, 1, "3")));
        assertThat(app.text("app.executors.lostList")).get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("3 (named by ExecutorLostFailure").doesNotContain("none removed");
    }
}
