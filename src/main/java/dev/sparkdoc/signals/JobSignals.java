package dev.sparkdoc.signals;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;

/** Facts about a job: did it fail, and did it fail before any task ran. */
public final class JobSignals {

    public static final FactList FACTS = new FactList(ScopeKind.JOB);
    public static final Fact WALL = FACTS.ms("job.wall", "wall time from submission to completion (or now)");
    public static final Fact FAILED_BEFORE_TASKS = FACTS.flag("job.failedBeforeTasks", "the job failed and no task of it ever finished");
    public static final Fact ERROR_EXCEPTION = FACTS.text("job.error.exception", "the exception class named in the job's failure");
    public static final Fact ERROR_MESSAGE = FACTS.text("job.error.message",
            "the first line of the job's failure (the root line of a Python traceback)");
    public static final Fact ERROR_SERIALIZATION = FACTS.flag("job.error.serialization",
            "the job's failure is a serialization error (Task not serializable, Kryo)");

    private JobSignals() {
    }

    static Scope scope(Job job) {
        return new Scope(ScopeKind.JOB, Integer.toString(job.jobId()), job.description().filter(d -> !d.isBlank()).orElse(job.name()));
    }

    static void compute(AppContext ctx, Job job, FactSink sink) {
        boolean failed = job.status() == JobStatus.FAILED;
        sink.put(WALL, job.durationMs(ctx.now()))
                .put(FAILED_BEFORE_TASKS, failed && job.tasks().completed() == 0 && job.tasks().failed() == 0);
        job.failureReason().ifPresent(reason -> {
            sink.text(ERROR_MESSAGE, ExceptionNames.headline(reason, ""))
                    .text(ERROR_EXCEPTION, ExceptionNames.first(reason).orElse("error"))
                    .put(ERROR_SERIALIZATION, FailureKind.classify("", reason) == FailureKind.SERIALIZATION);
        });
    }
}
