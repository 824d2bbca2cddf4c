package dev.sparkdoc.signals;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Facts about the whole application: time, slots, idle time, waiting, GC and failures. */
public final class AppSignals {

    public static final List<FactDef> FACTS = new ArrayList<>();

    static {
        def("app.running", FactUnit.BOOLEAN, "the application has not finished");
        def("app.complete", FactUnit.BOOLEAN, "the source holds the whole application (not cut off)");
        def("app.duration", FactUnit.MS, "wall time so far");
        def("app.slots", FactUnit.COUNT, "task slots (executor cores)");
        def("app.executors.count", FactUnit.COUNT, "executors ever seen, driver excluded");
        def("app.executors.active", FactUnit.COUNT, "executors alive, driver excluded");
        def("app.executors.lost", FactUnit.COUNT, "executors removed for a failure (not idle timeout or decommission)");
        def("app.taskTime", FactUnit.MS, "executor run time of all tasks");
        def("app.busyWall", FactUnit.MS, "wall time during which at least one stage ran");
        def("app.slotUse", FactUnit.FRACTION, "task time / (slots × busy wall time)");
        def("app.idleSlots.secondsLost", FactUnit.SECONDS, "slot-seconds left idle while stages ran, per slot");
        def("app.gc.time", FactUnit.MS, "GC time of all tasks");
        def("app.gc.fraction", FactUnit.FRACTION, "GC time / task run time");
        def("app.jobs.count", FactUnit.COUNT, "jobs");
        def("app.jobs.failed", FactUnit.COUNT, "failed jobs");
        def("app.jobs.running", FactUnit.COUNT, "running jobs");
        def("app.stages.count", FactUnit.COUNT, "stage attempts");
        def("app.stages.failed", FactUnit.COUNT, "failed stage attempts");
        def("app.stages.active", FactUnit.COUNT, "running stages");
        def("app.tasks.count", FactUnit.COUNT, "tasks of all stages");
        def("app.tasks.failed", FactUnit.COUNT, "failed task attempts");
        def("app.tasks.failureRate", FactUnit.FRACTION, "failed / (failed + completed) task attempts");
        def("app.tasks.running", FactUnit.COUNT, "tasks running now");
        def("app.tasks.p50", FactUnit.MS, "median of the stages' median task durations, weighted by tasks");
        def("app.waiting", FactUnit.MS, "active stages with pending tasks but none running: the longest such wait");
        def("app.waiting.secondsLost", FactUnit.SECONDS, "the same, in seconds");
        def("app.onlyDriver", FactUnit.BOOLEAN, "no executor but the driver, outside local mode");
        def("app.resultSize.max", FactUnit.BYTES, "largest task-result volume of one stage (what collect() pulls to the driver)");
        def("app.resultSize.total", FactUnit.BYTES, "task results sent to the driver over all stages");
        def("app.sql.count", FactUnit.COUNT, "SQL executions");
        def("app.logCutOff", FactUnit.BOOLEAN, "read from an event log that ends before the application did");
        def("app.shuffleRead.maxStage", FactUnit.BYTES, "the largest shuffle read of one stage");
        def("app.shuffle.total", FactUnit.BYTES, "shuffle bytes written over all stages");
        def("app.shuffle.suggestedPartitions", FactUnit.COUNT, "shuffle partitions for ~128 MiB each of the largest stage's shuffle read");
        def("app.sql.sortMergeJoins", FactUnit.COUNT, "SortMergeJoin operators over all queries");
        def("app.python.operators", FactUnit.COUNT, "Python operators over all queries");
    }

    private AppSignals() {
    }

    private static void def(String name, FactUnit unit, String description) {
        FACTS.add(new FactDef(name, ScopeKind.APP, unit, description));
    }

    static void compute(AppContext ctx, FactSink sink) {
        AppSnapshot s = ctx.snapshot();
        List<Executor> workers = s.executors().stream().filter(e -> !e.isDriver()).toList();
        long taskTime = s.stages().stream().mapToLong(st -> st.totals().executorRunTimeMs()).sum();
        long gc = s.stages().stream().mapToLong(st -> st.totals().jvmGcTimeMs()).sum();
        long busy = busyWall(ctx);
        int failedTasks = s.stages().stream().mapToInt(st -> st.tasks().failed()).sum();
        int completedTasks = s.stages().stream().mapToInt(st -> st.tasks().completed()).sum();
        sink.put("app.running", !s.application().completed())
                .put("app.complete", s.source().complete())
                .put("app.duration", s.application().durationMs(ctx.now()))
                .put("app.slots", ctx.slots())
                .put("app.executors.count", workers.size())
                .put("app.executors.active", workers.stream().filter(Executor::active).count())
                .put("app.executors.lost", workers.stream().filter(AppSignals::lostForAFailure).count())
                .put("app.taskTime", taskTime)
                .put("app.busyWall", busy)
                .put("app.slotUse", FactSink.ratio(taskTime, (double) ctx.slots() * busy))
                .put("app.idleSlots.secondsLost", Math.max(0, (double) ctx.slots() * busy - taskTime) / ctx.slots() / 1000.0)
                .put("app.gc.time", gc)
                .put("app.gc.fraction", FactSink.ratio(gc, taskTime))
                .put("app.jobs.count", s.jobs().size())
                .put("app.jobs.failed", s.jobs().stream().filter(j -> j.status() == JobStatus.FAILED).count())
                .put("app.jobs.running", s.jobs().stream().filter(j -> j.status() == JobStatus.RUNNING).count())
                .put("app.stages.count", s.stages().size())
                .put("app.stages.failed", s.stages().stream().filter(st -> st.status() == StageStatus.FAILED).count())
                .put("app.stages.active", s.stages().stream().filter(st -> st.status() == StageStatus.ACTIVE).count())
                .put("app.tasks.count", s.totalTasks())
                .put("app.tasks.failed", failedTasks)
                .put("app.tasks.failureRate", FactSink.ratio(failedTasks, failedTasks + completedTasks))
                .put("app.tasks.running", s.stages().stream().mapToInt(st -> st.tasks().active()).sum())
                .put("app.onlyDriver", workers.isEmpty() && !ctx.conf("spark.master").map(m -> m.startsWith("local")).orElse(false)
                        && ctx.hasConfig())
                .put("app.resultSize.max", s.stages().stream().mapToLong(st -> st.totals().resultSizeBytes()).max().orElse(0))
                .put("app.resultSize.total", s.stages().stream().mapToLong(st -> st.totals().resultSizeBytes()).sum())
                .put("app.sql.count", s.sqlExecutions().size())
                .put("app.logCutOff", s.source().kind() == dev.sparkdoc.model.SourceKind.EVENTLOG && !s.source().complete())
                .put("app.shuffleRead.maxStage", s.stages().stream().mapToLong(st -> st.totals().shuffleReadBytes()).max().orElse(0))
                .put("app.shuffle.total", s.stages().stream().mapToLong(st -> st.totals().shuffleWriteBytes()).sum())
                .put("app.shuffle.suggestedPartitions", Math.max(1, Math.ceil(
                        s.stages().stream().mapToLong(st -> st.totals().shuffleReadBytes()).max().orElse(0)
                                / (double) StageSignals.TARGET_PARTITION_BYTES)))
                .put("app.sql.sortMergeJoins", s.sqlExecutions().stream().mapToLong(q -> ctx.plan(q).count("SortMergeJoin")).sum())
                .put("app.python.operators", s.sqlExecutions().stream().mapToLong(q -> ctx.plan(q).pythonOperators().size()).sum());
        medianTask(s, sink);
        waiting(ctx, sink);
    }

    /** Removal reasons that are not a failure: idle dynamic allocation, decommission, app end. */
    static boolean lostForAFailure(Executor e) {
        if (e.removeReason().isEmpty()) {
            return false;
        }
        String r = e.removeReason().get().toLowerCase(java.util.Locale.ROOT);
        return !(r.contains("idle") || r.contains("decommission") || r.contains("killed by driver")
                || r.contains("stopped") || r.contains("shutdown") || r.contains("finished"));
    }

    /** Union of the stages' [submission, completion] intervals. */
    private static long busyWall(AppContext ctx) {
        List<long[]> intervals = new ArrayList<>();
        for (Stage st : ctx.snapshot().stages()) {
            if (st.submissionTime().isPresent() && st.tasks().completed() + st.tasks().active() > 0) {
                long start = st.submissionTime().get().toEpochMilli();
                long end = st.completionTime().orElse(ctx.now()).toEpochMilli();
                if (end > start) {
                    intervals.add(new long[] {start, end});
                }
            }
        }
        intervals.sort(Comparator.comparingLong(a -> a[0]));
        long total = 0;
        long curStart = -1;
        long curEnd = -1;
        for (long[] iv : intervals) {
            if (iv[0] > curEnd) {
                total += curEnd - curStart;
                curStart = iv[0];
                curEnd = iv[1];
            } else {
                curEnd = Math.max(curEnd, iv[1]);
            }
        }
        return total + (curEnd - curStart);
    }

    private static void medianTask(AppSnapshot s, FactSink sink) {
        List<double[]> medians = new ArrayList<>();
        s.stages().forEach(st -> st.quantiles().ifPresent(q ->
                medians.add(new double[] {q.get(dev.sparkdoc.model.TaskMetric.DURATION).p50(), q.taskCount()})));
        if (medians.isEmpty()) {
            return;
        }
        medians.sort(Comparator.comparingDouble(a -> a[0]));
        double half = medians.stream().mapToDouble(a -> a[1]).sum() / 2;
        double seen = 0;
        for (double[] m : medians) {
            seen += m[1];
            if (seen >= half) {
                sink.put("app.tasks.p50", m[0]);
                return;
            }
        }
    }

    private static void waiting(AppContext ctx, FactSink sink) {
        long longest = 0;
        for (Stage st : ctx.snapshot().stages()) {
            if (st.status() == StageStatus.ACTIVE && st.tasks().active() == 0 && st.tasks().pending() > 0
                    && st.submissionTime().isPresent()) {
                longest = Math.max(longest, ctx.now().toEpochMilli() - st.submissionTime().get().toEpochMilli());
            }
        }
        boolean anyRunning = ctx.snapshot().stages().stream().anyMatch(st -> st.tasks().active() > 0);
        long wait = anyRunning ? 0 : longest;
        sink.put("app.waiting", wait).put("app.waiting.secondsLost", wait / 1000.0);
    }

    static boolean failed(Job job) {
        return job.status() == JobStatus.FAILED;
    }
}
