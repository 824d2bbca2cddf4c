package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Failed queries, cancellations and the master URL; the texts are Spark 4.0.1's own (ScenarioTest runs them for real). */
class FailedQuerySignalsTest {

    /** SparkListenerSQLExecutionEnd.errorMessage of df.select("idd") on a frame with a column id. */
    static final String UNRESOLVED = "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `idd`"
            + " cannot be resolved. Did you mean one of the following? [`id`]. SQLSTATE: 42703;\n'Project ['idd]\n"
            + "+- Range (0, 10, step=1, splits=Some(2))\n";

    @Test
    void aQueryThatFailedInAnalysisIsNamedByTheClassifierWithItsCallSite() {
        ScopeFacts q = Facts.of(Snapshots.app().sql(failedQuery(1, "select at Job.java:24", 61, Optional.of(UNRESOLVED))),
                ScopeKind.SQL, "1");
        assertThat(value(q, "sql.failed")).isEqualTo(1.0);
        assertThat(value(q, "sql.failedBeforeTasks")).isEqualTo(1.0);
        assertThat(value(q, "sql.error.serialization")).isEqualTo(0.0);
        assertThat(q.text("sql.error.message")).contains(UNRESOLVED.lines().findFirst().orElseThrow());
        assertThat(q.text("sql.error.exception").orElseThrow()).contains("UNRESOLVED_COLUMN");
        assertThat(q.text("sql.error.advice").orElseThrow()).contains("printSchema");
        assertThat(q.text("sql.callSite")).contains("select at Job.java:24");
    }

    @Test
    void taskNotSerializableIsASerializationError() {
        ScopeFacts q = Facts.of(Snapshots.app().sql(failedQuery(4, "collectAsList at Job.java:29", 5540,
                Optional.of("Task not serializable"))), ScopeKind.SQL, "4");
        assertThat(value(q, "sql.error.serialization")).isEqualTo(1.0);
        assertThat(value(q, "sql.failedBeforeTasks")).isEqualTo(1.0);
    }

    @Test
    void aRestQueryFailedWithoutErrorTextStillFailsAndSaysWhereTheTextIs() {
        ScopeFacts q = Facts.of(Snapshots.app().sql(failedQuery(2, "sql at Job.java:25", 30, Optional.empty())), ScopeKind.SQL, "2");
        assertThat(value(q, "sql.failed")).isEqualTo(1.0);
        assertThat(q.text("sql.error.message").orElseThrow()).contains("event log");
    }

    @Test
    void aQueryWhoseTasksRanHasNotFailedBeforeTasksAndItsJobIsNotSilenced() {
        Job ran = new Job(0, "collect", Optional.empty(), Optional.empty(), JobStatus.FAILED, Optional.of(T0), Optional.of(T0.plusSeconds(5)),
                List.of(), new TaskCounts(4, 0, 3, 1, 0, 0), 0, 0, 0, 1, Optional.of(7L), Optional.of("Job aborted due to stage failure"));
        Snapshots s = Snapshots.app().job(ran).sql(failedQuery(7, "collect at Job.java:9", 5000, Optional.of("Job aborted due to stage failure")));
        assertThat(value(Facts.of(s, ScopeKind.SQL, "7"), "sql.failedBeforeTasks")).isEqualTo(0.0);
        assertThat(value(Facts.of(s, ScopeKind.JOB, "0"), "job.query.failedBeforeTasks")).isEqualTo(0.0);
    }

    @Test
    void aCompletedQueryHasNoErrorFacts() {
        SqlExecution ok = new SqlExecution(5, "count at Job.java:3", "COMPLETED", Optional.of(T0), 100, List.of(), List.of(), List.of(),
                List.of(), List.of(), Optional.empty());
        ScopeFacts q = Facts.of(Snapshots.app().sql(ok), ScopeKind.SQL, "5");
        assertThat(value(q, "sql.failed")).isEqualTo(0.0);
        assertThat(q.value("sql.failedBeforeTasks")).isEmpty();
    }

    @Test
    void cancellationsSayWhoCancelled() {
        assertThat(Cancellation.of("Job 3 cancelled because SparkContext was shut down")).hasValueSatisfying(c -> {
            assertThat(c.byShutdown()).isTrue();
            assertThat(c.by()).contains("SparkContext was shut down");
        });
        assertThat(Cancellation.of("[SPARK_JOB_CANCELLED] Job 0 cancelled part of cancelled job group nightly. SQLSTATE: XXKDA"))
                .hasValueSatisfying(c -> assertThat(c.by()).contains("job group nightly ").contains("cancelJobGroup"));
        assertThat(Cancellation.of("Job 1 cancelled as part of cancellation of all jobs"))
                .hasValueSatisfying(c -> assertThat(c.by()).contains("cancelAllJobs"));
        assertThat(Cancellation.of("Job aborted due to stage failure: java.lang.ArithmeticException: / by zero")).isEmpty();
    }

    @Test
    void localClusterIsAClusterAndLocalWithRetriesRetries() {
        ScopeFacts cluster = Facts.app(Snapshots.app().conf("spark.master", "local-cluster[1,1,1024]")
                .executors(Snapshots.executor("driver", 0)));
        assertThat(value(cluster, "config.localMode")).isEqualTo(0.0);
        assertThat(value(cluster, "app.onlyDriver")).isEqualTo(1.0);
        assertThat(cluster.text("app.taskRetries").orElseThrow()).contains("4 times").doesNotContain("local mode");

        ScopeFacts local = Facts.app(Snapshots.app().conf("spark.master", "local[2]").executors(Snapshots.executor("driver", 2)));
        assertThat(value(local, "config.localMode")).isEqualTo(1.0);
        assertThat(value(local, "app.onlyDriver")).isEqualTo(0.0);
        assertThat(local.text("app.taskRetries").orElseThrow()).contains("not retried");

        ScopeFacts retrying = Facts.app(Snapshots.app().conf("spark.master", "local[2,3]").executors(Snapshots.executor("driver", 2)));
        assertThat(value(retrying, "config.localMode")).isEqualTo(1.0);
        assertThat(retrying.text("app.taskRetries").orElseThrow()).contains("3 times").doesNotContain("not retried");
    }

    private static SqlExecution failedQuery(long id, String description, long ms, Optional<String> error) {
        return new SqlExecution(id, description, "FAILED", Optional.of(T0.plusSeconds(5)), ms, List.of(), List.of(), List.of(),
                List.of(), List.of(), error);
    }
}
