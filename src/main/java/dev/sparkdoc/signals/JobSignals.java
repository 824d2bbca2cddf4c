package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import java.util.Optional;

/** Facts about a job: did it fail, and did it fail before any task ran. */
public final class JobSignals {

    public static final FactList FACTS = new FactList(ScopeKind.JOB);
    public static final Fact WALL = FACTS.ms("job.wall", "wall time from submission to completion (or now)");
    public static final Fact FAILED_BEFORE_TASKS = FACTS.flag("job.failedBeforeTasks",
            "the job failed and no task of it ran (none finished, failed or was killed)");
    public static final Fact ERROR_EXCEPTION = FACTS.text("job.error.exception", "the exception class named in the job's failure");
    public static final Fact ERROR_MESSAGE = FACTS.text("job.error.message",
            "the first line of the job's failure (the root line of a Python traceback)");
    public static final Fact ERROR_SERIALIZATION = FACTS.flag("job.error.serialization",
            "the job's failure is a serialization error (Task not serializable, Kryo)");
    public static final Fact CANCELLED = FACTS.flag("job.cancelled",
            "Spark cancelled the job on request (cancelJobGroup, cancelAllJobs, the UI, the application stopping): not an error");
    public static final Fact TASKS_FAILED = FACTS.count("job.tasks.failed",
            "tasks of the job's stages that failed (not killed), every attempt");
    public static final Fact CANCELLED_BY = FACTS.text("job.cancelledBy", "who or what cancelled the job, as its failure text says");
    public static final Fact CANCELLED_BY_SHUTDOWN = FACTS.flag("job.cancelled.byShutdown",
            "the job was cancelled because the application stopped while it ran: its work was lost");
    public static final Fact ABORTED = FACTS.flag("job.aborted",
            "Spark aborted the job (it failed, and no one cancelled it): a stage failed, or a limit stopped it");
    public static final Fact ABORTED_RESULT_SIZE = FACTS.flag("job.aborted.resultSize",
            "the job was aborted because its results passed spark.driver.maxResultSize");
    public static final Fact ABORTED_BROADCAST = FACTS.flag("job.aborted.broadcast",
            "the job (or its query) failed because a join's broadcast timed out or was too large");
    public static final Fact QUERY_FAILED_BEFORE_TASKS = FACTS.flag("job.query.failedBeforeTasks",
            "the job's SQL query failed before any task ran: the query's finding names the failure");

    private JobSignals() {
    }

    static Scope scope(AppContext ctx, Job job) {
        return new Scope(ScopeKind.JOB, Integer.toString(job.jobId()), ctx.names().job(job));
    }

    static void compute(AppContext ctx, Job job, FactSink sink) {
        boolean failed = job.status() == JobStatus.FAILED;
        sink.put(WALL, job.durationMs(ctx.now()))
                .put(FAILED_BEFORE_TASKS, failed && !anyTaskRan(ctx, job))
                .put(QUERY_FAILED_BEFORE_TASKS, job.sqlExecutionId().stream()
                        .flatMap(id -> ctx.snapshot().sqlExecutions().stream().filter(q -> q.id() == id))
                        .anyMatch(q -> SqlErrorSignals.failedBeforeTasks(ctx, q)));
        sink.put(TASKS_FAILED, tasksFailed(ctx, job));
        Optional<JobEnding> ending = JobEnding.of(ctx, job);
        Optional<Cancellation> cancellation = ending.filter(JobEnding::cancelled).flatMap(e -> Cancellation.of(e.text()));
        sink.put(CANCELLED, cancellation.isPresent())
                .put(ABORTED, ending.filter(e -> !e.cancelled()).isPresent())
                .put(ABORTED_RESULT_SIZE, ending.filter(e -> e.kind() == JobEnding.Kind.RESULT_SIZE).isPresent())
                .put(ABORTED_BROADCAST, ending.filter(e -> e.kind() == JobEnding.Kind.BROADCAST).isPresent());
        cancellation.ifPresent(c -> sink.text(CANCELLED_BY, c.by()).put(CANCELLED_BY_SHUTDOWN, c.byShutdown()));
        ending.map(JobEnding::text).filter(t -> !t.isEmpty()).ifPresent(reason -> {
            sink.text(ERROR_MESSAGE, ExceptionNames.headline(reason, ""))
                    .text(ERROR_EXCEPTION, ExceptionNames.first(reason).orElse("error"))
                    .put(ERROR_SERIALIZATION, FailureKind.classify("", reason) == FailureKind.SERIALIZATION);
        });
    }

    /**
     * A task of the job ran (finished, failed, was killed or still runs). Its stages are asked
     * too: Spark's status store stops counting a job's tasks when the job ends, so the tasks a
     * cancellation kills reach only their stage.
     */
    static boolean anyTaskRan(AppContext ctx, Job job) {
        if (ran(job.tasks())) {
            return true;
        }
        return job.stageIds().stream().flatMap(id -> ctx.attempts(id).stream())
                .anyMatch(st -> ran(st.tasks()) || st.firstTaskLaunchedTime().isPresent());
    }

    /** Failed tasks of the job: its stages are asked too, for the same reason as in {@link #anyTaskRan}. */
    static int tasksFailed(AppContext ctx, Job job) {
        int inStages = job.stageIds().stream().flatMap(id -> ctx.attempts(id).stream()).mapToInt(st -> st.tasks().failed()).sum();
        return Math.max(job.tasks().failed(), inStages);
    }

    private static boolean ran(dev.sparkdoc.model.TaskCounts t) {
        return t.active() + t.completed() + t.failed() + t.killed() > 0;
    }

    /**
     * The job's failure text; Spark's REST JobData has none, and there the failed stage's
     * failureReason (the same text: DAGScheduler fails the job with its stage's reason) stands in.
     */
    static Optional<String> failureText(AppContext ctx, Job job) {
        if (job.failureReason().isPresent() || job.status() != JobStatus.FAILED) {
            return job.failureReason();
        }
        return job.stageIds().stream().flatMap(id -> ctx.attempts(id).stream())
                .filter(st -> st.status() == dev.sparkdoc.model.StageStatus.FAILED)
                .flatMap(st -> st.failureReason().stream()).findFirst();
    }
}
