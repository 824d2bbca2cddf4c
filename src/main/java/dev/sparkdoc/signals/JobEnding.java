package dev.sparkdoc.signals;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How a failed job ended, read whole: the text that says why, and whether Spark aborted it or
 * someone cancelled it. A cancellation is one only when nothing failed underneath it: when a
 * broadcast times out, Spark cancels the broadcast's job group and the reason is only in the
 * query's error ("Could not execute broadcast in 10 secs", BroadcastExchangeExec), so the job's
 * own "cancelled" text would send the user to the wrong cause.
 *
 * @param text why the job ended: its own failure text, or its query's error where that is the cause
 */
record JobEnding(Kind kind, String text) {

    /** What ended the job, coarsely: enough to say which family names it. */
    enum Kind {
        /** cancelled on request (cancelJobGroup, the UI, the application stopping): not an error */
        CANCELLED,
        /** the results sent to the driver passed spark.driver.maxResultSize (TaskSetManager.canFetchMoreResults) */
        RESULT_SIZE,
        /** a broadcast of a join timed out or was too large (BroadcastExchangeExec) */
        BROADCAST,
        /** anything else Spark aborted the job for: a stage's failure, user code, data */
        ABORTED
    }

    private static final Pattern RESULT_SIZE = Pattern.compile("bigger than spark\\.driver\\.maxResultSize");
    // QueryExecutionErrors.executeBroadcastTimeoutError / notEnoughMemoryToBuildAndBroadcastTableError / cannotBroadcastTableOverMaxTableBytesError
    private static final Pattern BROADCAST = Pattern.compile(
            "Could not execute broadcast in \\d+ secs|spark\\.sql\\.broadcastTimeout|Cannot broadcast the table"
                    + "|Not enough memory to build and broadcast the table",
            Pattern.CASE_INSENSITIVE);

    /**
     * BroadcastExchangeExec tags its job "broadcast exchange (runId …)" and cancels that tag itself when the
     * broadcast times out or fails to build: "Job 0 cancelled part of cancelled job tag broadcast exchange
     * (runId …)". In a failed query whose own error is unknown (Spark's REST API before 4.2 has none), that
     * cancellation is the broadcast's failure, not a request of the user's.
     */
    private static final Pattern BROADCAST_GAVE_UP = Pattern.compile("cancelled job tags? broadcast exchange \\(runId",
            Pattern.CASE_INSENSITIVE);

    /** The ending of a failed job; empty for a job that succeeded or still runs. */
    static Optional<JobEnding> of(AppContext ctx, Job job) {
        if (job.status() != JobStatus.FAILED) {
            return Optional.empty();
        }
        Optional<String> own = JobSignals.failureText(ctx, job);
        // an InterruptedException is the query being stopped (a stream's stop() cuts its micro-batch), not a cause
        Optional<String> queryError = queryError(ctx, job)
                .filter(e -> Cancellation.of(e).isEmpty() && !e.startsWith("java.lang.InterruptedException"));
        boolean cancelled = own.flatMap(Cancellation::of).isPresent();
        if (cancelled && queryError.isEmpty()) {
            boolean broadcastGaveUp = BROADCAST_GAVE_UP.matcher(own.get()).find() && queryFailed(ctx, job);
            return Optional.of(new JobEnding(broadcastGaveUp ? Kind.BROADCAST : Kind.CANCELLED, own.get()));
        }
        String text = cancelled ? queryError.get() : own.or(() -> queryError).orElse("");
        return Optional.of(new JobEnding(kind(text), text));
    }

    static Kind kind(String text) {
        if (RESULT_SIZE.matcher(text).find()) {
            return Kind.RESULT_SIZE;
        }
        if (BROADCAST.matcher(text).find()) {
            return Kind.BROADCAST;
        }
        return Kind.ABORTED;
    }

    boolean cancelled() {
        return kind == Kind.CANCELLED;
    }

    private static boolean queryFailed(AppContext ctx, Job job) {
        return job.sqlExecutionId().stream()
                .anyMatch(id -> ctx.snapshot().sqlExecutions().stream().anyMatch(q -> q.id() == id && SqlErrorSignals.failed(q)));
    }

    /** The error of the failed query the job ran for, when it has one. */
    private static Optional<String> queryError(AppContext ctx, Job job) {
        return job.sqlExecutionId().stream()
                .flatMap(id -> ctx.snapshot().sqlExecutions().stream().filter(q -> q.id() == id))
                .filter(SqlErrorSignals::failed)
                .map(SqlExecution::errorMessage).flatMap(Optional::stream)
                .filter(e -> !e.isBlank()).findFirst();
    }
}
