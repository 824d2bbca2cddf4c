package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Facts about the whole application: time, slots, idle time, waiting, GC and failures. */
public final class AppSignals {

    public static final FactList FACTS = new FactList(ScopeKind.APP);
    public static final Fact RUNNING = FACTS.flag("app.running", "the application has not finished");
    public static final Fact DURATION = FACTS.ms("app.duration", "wall time so far");
    public static final Fact SLOTS = FACTS.count("app.slots", "task slots (executor cores)");
    public static final Fact TINY_TASK_STAGES = FACTS.count("app.tinyTasks.stages",
            "finished stages of 50 to 1,999 tasks whose median task took under 200 ms (bigger ones are judged alone)");
    public static final Fact TINY_TASKS = FACTS.count("app.tinyTasks.tasks", "tasks of those stages");
    public static final Fact TINY_TASKS_SECONDS_LOST = FACTS.seconds("app.tinyTasks.secondsLost",
            "those stages' wall time beyond their task time spread over the slots, summed: the overhead of many tiny tasks");
    public static final Fact TINY_SHUFFLE_STAGES = FACTS.count("app.tinyTasks.shuffleStages",
            "those of app.tinyTasks.stages that read a shuffle: the partitions spark.sql.shuffle.partitions sets and AQE coalesces");
    public static final Fact TINY_SHUFFLE_SECONDS_LOST = FACTS.seconds("app.tinyTasks.shuffleSecondsLost",
            "app.tinyTasks.secondsLost of the stages that read a shuffle: the overhead AQE's coalescing would have taken away");
    public static final Fact FROM_EVENT_LOG = FACTS.flag("app.source.eventLog",
            "sparkdoc read the application from an event log (a file, a History Server, a snapshot of one): so one was written");
    public static final Fact SPARK_VERSION = FACTS.count("app.sparkVersion",
            "the application's Spark version as major × 100 + minor (305 for 3.5, 401 for 4.1), for remedies that differ by version");
    public static final Fact EXECUTORS_ACTIVE = FACTS.count("app.executors.active", "executors alive, driver excluded");
    public static final Fact TASK_TIME = FACTS.ms("app.taskTime", "executor run time of all tasks");
    public static final Fact BUSY_WALL = FACTS.ms("app.busyWall", "wall time during which at least one stage ran");
    public static final Fact SLOT_CAPACITY = FACTS.ms("app.slotCapacity",
            "slot-time the executors offered while stages ran: each one's slots × the busy time it was alive for");
    public static final Fact SLOT_USE = FACTS.fraction("app.slotUse", "task time / slot-time offered while stages ran (app.slotCapacity)");
    public static final Fact IDLE_SLOTS_SECONDS_LOST = FACTS.seconds("app.idleSlots.secondsLost",
            "slot-time left idle while stages ran, over the slots the app had on average: wall-clock seconds");
    public static final Fact GC_TIME = FACTS.ms("app.gc.time", "GC time of all tasks");
    public static final Fact GC_FRACTION = FACTS.fraction("app.gc.fraction", "GC time / task run time");
    public static final Fact GC_UNBOUNDED_STATE_SHARE = FACTS.fraction("app.gc.unboundedStateShare",
            "share of the tasks' GC time spent in the micro-batches of streaming runs whose state grows without a watermark on the heap"
                    + " (streaming.state-growing claims that GC)");
    public static final Fact JOBS_RUNNING = FACTS.count("app.jobs.running", "running jobs");
    public static final Fact STAGES_COUNT = FACTS.count("app.stages.count", "stage attempts");
    public static final Fact STAGES_ACTIVE = FACTS.count("app.stages.active", "running stages");
    public static final Fact TASKS_FAILED = FACTS.count("app.tasks.failed", "failed task attempts");
    public static final Fact TASKS_FAILURE_RATE = FACTS.fraction("app.tasks.failureRate", "failed / (failed + completed) task attempts");
    public static final Fact WAITING = FACTS.ms("app.waiting", "active stages with pending tasks but none running: the longest such wait");
    public static final Fact ONLY_DRIVER = FACTS.flag("app.onlyDriver", "no executor but the driver, outside local mode");
    public static final Fact TASK_RETRIES = FACTS.text("app.taskRetries",
            "how often Spark tries a failing task before it fails the job, as spark.master and spark.task.maxFailures set it");
    public static final Fact STAGES_NEVER_LAUNCHED = FACTS.count("app.stages.neverLaunched",
            "stage attempts that ended without launching a task, and not for an error (stage.neverLaunched)");
    public static final Fact NEVER_LAUNCHED_WALL = FACTS.ms("app.neverLaunched.wall",
            "the longest such stage's wall time: how long work waited in vain");
    public static final Fact SQL_COUNT = FACTS.count("app.sql.count", "SQL executions");
    public static final Fact LOG_CUT_OFF = FACTS.flag("app.logCutOff", "read from an event log that ends before the application did");
    public static final Fact SHUFFLE_READ_MAX_STAGE = FACTS.bytes("app.shuffleRead.maxStage", "the largest shuffle read of one stage");
    public static final Fact SHUFFLE_TOTAL = FACTS.bytes("app.shuffle.total", "shuffle bytes written over all stages");
    public static final Fact SHUFFLE_SUGGESTED_PARTITIONS = FACTS.count("app.shuffle.suggestedPartitions",
            "shuffle partitions for ~128 MiB each of the largest stage's shuffle read");
    public static final Fact SORT_MERGE_JOINS = FACTS.count("app.sql.sortMergeJoins", "SortMergeJoin operators over all queries");
    public static final Fact PYTHON_OPERATORS = FACTS.count("app.python.operators", "Python operators over all queries");
    public static final Fact LANGUAGE = FACTS.text("app.language",
            "the language of the app's own code, for code in remedies: python, scala, java or sql (absent when unknown)");
    public static final Fact LANGUAGE_PYTHON = FACTS.flag("app.language.python", "the app is PySpark");
    public static final Fact LANGUAGE_JVM = FACTS.flag("app.language.jvm",
            "the app is known to be Scala, Java or SQL: no Python runs in it");

    private AppSignals() {
    }

    /** GC time (ms) of the tasks of streaming runs whose state grows unbounded on the heap. */
    private static long unboundedStateGc(AppContext ctx) {
        return ctx.snapshot().streamingQueries().stream().filter(q -> StreamSignals.stateUnboundedOnHeap(ctx, q))
                .mapToLong(q -> StreamSignals.gcAndRunMs(ctx, q)[0]).sum();
    }

    static void compute(AppContext ctx, FactSink sink) {
        AppSnapshot s = ctx.snapshot();
        List<Executor> workers = s.executors().stream().filter(e -> !e.isDriver()).toList();
        long taskTime = s.stages().stream().mapToLong(st -> st.totals().executorRunTimeMs()).sum();
        long gc = s.stages().stream().mapToLong(st -> st.totals().jvmGcTimeMs()).sum();
        List<long[]> busyIntervals = busyIntervals(ctx);
        long busy = busyWall(busyIntervals);
        double capacity = SlotTime.offeredMs(ctx, busyIntervals);
        int failedTasks = s.stages().stream().mapToInt(st -> st.tasks().failed()).sum();
        int completedTasks = s.stages().stream().mapToInt(st -> st.tasks().completed()).sum();
        long maxShuffleRead = s.stages().stream().mapToLong(st -> st.totals().shuffleReadBytes()).max().orElse(0);
        TinyTasks.compute(ctx, sink);
        sink.put(FROM_EVENT_LOG, PostMortem.fromEventLog(s) || s.source().kind() == dev.sparkdoc.model.SourceKind.HISTORY);
        if (ctx.sparkVersion() > 0) {
            sink.put(SPARK_VERSION, ctx.sparkVersion());
        }
        // a crashed driver's log has no ApplicationEnd either: it is not running
        sink.put(RUNNING, !s.application().completed() && ctx.postMortem().verdict() != PostMortem.Verdict.CRASHED
                        && ctx.postMortem().verdict() != PostMortem.Verdict.CUT)
                .put(DURATION, s.application().durationMs(ctx.now()))
                .put(SLOTS, ctx.slots())
                .put(EXECUTORS_ACTIVE, workers.stream().filter(Executor::active).count())
                .put(TASK_TIME, taskTime)
                .put(BUSY_WALL, busy)
                .put(SLOT_CAPACITY, capacity)
                .put(SLOT_USE, FactSink.ratio(taskTime, capacity))
                // idle slot-time over the slots the app had on average: wall-clock equivalent
                .put(IDLE_SLOTS_SECONDS_LOST, capacity <= 0 ? 0 : Math.max(0, capacity - taskTime) / (capacity / busy) / 1000.0)
                .put(GC_TIME, gc)
                .put(GC_FRACTION, FactSink.ratio(gc, taskTime))
                .put(GC_UNBOUNDED_STATE_SHARE, FactSink.ratio(unboundedStateGc(ctx), gc))
                .put(JOBS_RUNNING, s.jobs().stream().filter(j -> j.status() == JobStatus.RUNNING).count())
                .put(STAGES_COUNT, s.stages().size())
                .put(STAGES_ACTIVE, s.stages().stream().filter(st -> st.status() == StageStatus.ACTIVE).count())
                .put(TASKS_FAILED, failedTasks)
                .put(TASKS_FAILURE_RATE, FactSink.ratio(failedTasks, failedTasks + completedTasks))
                .put(ONLY_DRIVER, workers.isEmpty() && !SparkMaster.of(ctx).map(SparkMaster::local).orElse(false)
                        && ctx.hasConfig())
                .put(SQL_COUNT, s.sqlExecutions().size())
                .put(LOG_CUT_OFF, s.source().kind() == dev.sparkdoc.model.SourceKind.EVENTLOG && !s.source().complete())
                .put(SHUFFLE_READ_MAX_STAGE, maxShuffleRead)
                .put(SHUFFLE_TOTAL, s.stages().stream().mapToLong(st -> st.totals().shuffleWriteBytes()).sum())
                .put(SHUFFLE_SUGGESTED_PARTITIONS, Math.max(1, Math.ceil(maxShuffleRead / (double) StageSignals.TARGET_PARTITION_BYTES)))
                .put(SORT_MERGE_JOINS, s.sqlExecutions().stream().mapToLong(q -> ctx.plan(q).count("SortMergeJoin")).sum())
                .put(PYTHON_OPERATORS, s.sqlExecutions().stream().mapToLong(q -> ctx.plan(q).pythonOperators().size()).sum());
        AppLanguage.of(ctx).ifPresent(lang -> sink.text(LANGUAGE, lang.id())
                .put(LANGUAGE_PYTHON, lang == AppLanguage.PYTHON).put(LANGUAGE_JVM, lang != AppLanguage.PYTHON));
        waiting(ctx, sink);
        neverLaunched(ctx, sink);
        sink.text(TASK_RETRIES, taskRetries(ctx));
    }

    /** Said of the app's own master: local[N] never retries, local[N,F] and local-cluster[...] do. */
    private static String taskRetries(AppContext ctx) {
        Optional<SparkMaster> master = SparkMaster.of(ctx);
        OptionalInt attempts = master.map(m -> m.taskAttempts(ctx)).orElse(OptionalInt.empty());
        if (master.isEmpty() || attempts.isEmpty()) {
            return "On a cluster Spark tries a task 4 times (spark.task.maxFailures) before it fails the job; local[N] tries once";
        }
        int n = attempts.getAsInt();
        if (master.get().local()) {
            return n == 1
                    ? "In local mode (" + master.get().url() + ") a failing task is not retried: its first failure fails the job"
                    : master.get().url() + " tries a task " + n + " times before it fails the job";
        }
        return "Spark tries a task " + n + (n == 1 ? " time" : " times") + " (spark.task.maxFailures) before it fails the job";
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
    /** The wall time during which some stage ran: the union of the stages' intervals. */
    private static long busyWall(List<long[]> busy) {
        return busy.stream().mapToLong(iv -> iv[1] - iv[0]).sum();
    }

    /** The stages' run intervals, merged and in order. */
    private static List<long[]> busyIntervals(AppContext ctx) {
        List<long[]> intervals = new ArrayList<>();
        for (Stage st : ctx.snapshot().stages()) {
            if (st.tasks().completed() + st.tasks().active() > 0) {
                SlotTime.span(ctx, st).filter(iv -> iv[1] > iv[0]).ifPresent(intervals::add);
            }
        }
        return SlotTime.merged(intervals);
    }

    private static void neverLaunched(AppContext ctx, FactSink sink) {
        List<Stage> stages = ctx.snapshot().stages().stream().filter(StageSignals::neverLaunched).toList();
        sink.put(STAGES_NEVER_LAUNCHED, stages.size())
                .put(NEVER_LAUNCHED_WALL, stages.stream().mapToLong(st -> st.durationMs(ctx.now()).orElse(0L)).max().orElse(0));
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
        sink.put(WAITING, wait);
    }

    static boolean failed(Job job) {
        return job.status() == JobStatus.FAILED;
    }
}
