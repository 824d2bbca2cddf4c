package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.rules.catalog.CatalogAssert.remedyTexts;
import static dev.sparkdoc.testing.Snapshots.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Queries that fail before any task runs, and cancelled jobs, through the signals, with Spark
 * 4.0.1's own texts (FailureScenarioTest runs them on real Spark): one failure, one finding.
 */
class FailedQueryRulesTest {

    private static final String TABLE_NOT_FOUND = "[TABLE_OR_VIEW_NOT_FOUND] The table or view `nosuch` cannot be found."
            + " Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema,"
            + " verify the current_schema() output. SQLSTATE: 42P01; line 1 pos 14;\n'Project [*]\n";

    @Test
    void aMissingTableNamesTheQueryItsErrorAndTheClassifiersRemedy() {
        Finding f = fires(Snapshots.app().sql(failed(3, "sql at Report.java:27", 40, TABLE_NOT_FOUND)),
                "errors-before.query-failed", "3");
        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.secondsLost()).isEqualTo(0.04);
        assertThat(f.title()).startsWith("Query 3 failed: [TABLE_OR_VIEW_NOT_FOUND] The table or view `nosuch` cannot be found.");
        assertThat(remedyTexts(f)).contains("SHOW TABLES").contains("sql at Report.java:27");
    }

    @Test
    void aQueryThatFailedToSerializeIsOneFindingNotAlsoItsJobs() {
        Job job = new Job(0, "collect", Optional.empty(), Optional.empty(), JobStatus.FAILED, Optional.of(T0), Optional.of(T0.plusSeconds(1)),
                List.of(), new TaskCounts(2, 0, 0, 0, 0, 0), 0, 0, 0, 1, Optional.of(4L),
                Optional.of("Job aborted due to stage failure: Task not serializable: java.io.NotSerializableException: Helper"));
        Finding f = fires(Snapshots.app().job(job).sql(failed(4, "collectAsList at Job.java:29", 1200, "Task not serializable")),
                "serialization.query-not-serializable", "4");
        assertThat(f.title()).isEqualTo("Query 4 failed: Task not serializable");
    }

    @Test
    void aJobCancelledBecauseTheApplicationStoppedIsACancellationWarningNotAnEarlyError() {
        Snapshots s = Snapshots.app().job(Snapshots.failedJob(0, "Job 0 cancelled because SparkContext was shut down", 3, 0));
        Finding f = fires(s, "errors-during.job-cancelled", "0");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Job 0 was cancelled: the application stopped (SparkContext was shut down) while it ran");
        quiet(Snapshots.app().job(Snapshots.failedJob(0, "Job 0 cancelled because SparkContext was shut down", 0, 0)),
                "errors-before.job-failed-early");
    }

    @Test
    void aBroadcastJobItsOwnExchangeCancelledInAFailedQueryWithoutItsErrorIsTheBroadcastsFailure() {
        // Spark 3.5's REST answer after spark.sql.broadcastTimeout passed: the query FAILED without its text, and
        // the broadcast's job cancelled by BroadcastExchangeExec's own job tag (SparkVersionsScenarioTest, live)
        Job broadcastJob = new Job(0, "count at App.java:12", Optional.empty(), Optional.empty(), JobStatus.FAILED,
                Optional.of(T0), Optional.of(T0.plusSeconds(1)), List.of(), new TaskCounts(1, 0, 0, 0, 1, 0), 0, 0, 0, 1,
                Optional.of(0L), Optional.of("Job 0 cancelled part of cancelled job tag broadcast exchange (runId "
                        + "d399872e-8e48-433a-85bc-3f7a6f31ebc6)"));
        SqlExecution query = new SqlExecution(0, "count at App.java:12", "FAILED", Optional.of(T0), 1_500, List.of(), List.of(),
                List.of(0), List.of(), List.of(), Optional.empty());

        Finding f = fires(Snapshots.app().job(broadcastJob).sql(query), "joins.broadcast-failed", "0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).startsWith("Query 0 failed: a join's broadcast failed (Job 0 cancelled part of cancelled job tag"
                + " broadcast exchange");
    }

    @Test
    void theSameCancellationInAQueryThatSucceededIsNoBroadcastFailure() {
        // AQE cancels a broadcast stage it no longer needs by the same tag, in a query that goes on to succeed
        Job broadcastJob = new Job(0, "count at App.java:12", Optional.empty(), Optional.empty(), JobStatus.FAILED,
                Optional.of(T0), Optional.of(T0.plusSeconds(1)), List.of(), new TaskCounts(1, 0, 0, 0, 1, 0), 0, 0, 0, 1,
                Optional.of(0L), Optional.of("Job 0 cancelled part of cancelled job tag broadcast exchange (runId "
                        + "d399872e-8e48-433a-85bc-3f7a6f31ebc6)"));
        SqlExecution query = new SqlExecution(0, "count at App.java:12", "COMPLETED", Optional.of(T0), 1_500, List.of(), List.of(0),
                List.of(), List.of(), List.of(), Optional.empty());

        quiet(Snapshots.app().job(broadcastJob).sql(query), "joins.broadcast-failed");
    }

    private static SqlExecution failed(long id, String description, long ms, String error) {
        return new SqlExecution(id, description, "FAILED", Optional.of(T0.plusSeconds(5)), ms, List.of(), List.of(), List.of(),
                List.of(), List.of(), Optional.of(error));
    }
}
