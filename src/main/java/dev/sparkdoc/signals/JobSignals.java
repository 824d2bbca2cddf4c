package dev.sparkdoc.signals;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import java.util.ArrayList;
import java.util.List;

/** Facts about a job: did it fail, and did it fail before any task ran. */
public final class JobSignals {

    public static final List<FactDef> FACTS = new ArrayList<>();

    static {
        def("job.failed", FactUnit.BOOLEAN, "the job failed");
        def("job.running", FactUnit.BOOLEAN, "the job is running");
        def("job.wall", FactUnit.MS, "wall time from submission to completion (or now)");
        def("job.tasks.completed", FactUnit.COUNT, "tasks completed");
        def("job.tasks.failed", FactUnit.COUNT, "tasks failed");
        def("job.failedBeforeTasks", FactUnit.BOOLEAN, "the job failed and no task of it ever finished");
        def("job.error.exception", FactUnit.TEXT, "the exception class named in the job's failure");
        def("job.error.message", FactUnit.TEXT, "the first line of the job's failure (the root line of a Python traceback)");
        for (FailureKind k : FailureKind.values()) {
            def("job.error." + StageSignals.kindName(k), FactUnit.BOOLEAN, "the job's failure is classified " + k.name());
        }
    }

    private JobSignals() {
    }

    private static void def(String name, FactUnit unit, String description) {
        FACTS.add(new FactDef(name, ScopeKind.JOB, unit, description));
    }

    static Scope scope(Job job) {
        return new Scope(ScopeKind.JOB, Integer.toString(job.jobId()), job.description().filter(d -> !d.isBlank()).orElse(job.name()));
    }

    static void compute(AppContext ctx, Job job, FactSink sink) {
        boolean failed = job.status() == JobStatus.FAILED;
        sink.put("job.failed", failed)
                .put("job.running", job.status() == JobStatus.RUNNING)
                .put("job.wall", job.durationMs(ctx.now()))
                .put("job.tasks.completed", job.tasks().completed())
                .put("job.tasks.failed", job.tasks().failed())
                .put("job.failedBeforeTasks", failed && job.tasks().completed() == 0 && job.tasks().failed() == 0);
        job.failureReason().ifPresent(reason -> {
            String first = ExceptionNames.headline(reason, "");
            sink.text("job.error.message", first).text("job.error.exception", ExceptionNames.first(reason).orElse("error"));
            FailureKind kind = FailureKind.classify("", reason);
            for (FailureKind k : FailureKind.values()) {
                sink.put("job.error." + StageSignals.kindName(k), k == kind);
            }
        });
    }
}
