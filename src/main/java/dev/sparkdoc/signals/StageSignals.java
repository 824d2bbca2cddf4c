package dev.sparkdoc.signals;

import dev.sparkdoc.account.WarmUp;
import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Facts about one stage attempt: time, skew, stragglers, spill, GC, overhead and failures. */
public final class StageSignals {

    private static final ErrorClassifier CLASSIFIER = ErrorClassifier.builtIn();

    /** Spark's advice for a partition: about 128 MiB (spark.sql.files.maxPartitionBytes, AQE advisory size 64 MiB). */
    static final long TARGET_PARTITION_BYTES = 128L << 20;
    /** Below this a median duration is noise (scheduling, JIT): duration ratios use it as the denominator's floor. */
    static final double MIN_MS = 100;

    public static final FactList FACTS = new FactList(ScopeKind.STAGE);
    public static final Fact TASKS_TOTAL = FACTS.count("stage.tasks.total", "tasks in the stage attempt");
    public static final Fact TASKS_COMPLETED = FACTS.count("stage.tasks.completed", "tasks finished successfully");
    public static final Fact TASKS_RUNNING = FACTS.count("stage.tasks.running", "tasks running at snapshot time");
    public static final Fact TASKS_PENDING = FACTS.count("stage.tasks.pending", "tasks neither running nor finished");
    public static final Fact ACTIVE = FACTS.flag("stage.active", "the stage is running");
    public static final Fact FAILED = FACTS.flag("stage.failed", "the stage attempt failed");
    public static final Fact NEVER_LAUNCHED = FACTS.flag("stage.neverLaunched",
            "the stage ended without launching a task, and not for an error: cancelled, or the application stopped, while it waited");
    public static final Fact WALL = FACTS.ms("stage.wall", "wall time from submission to completion (or now)");
    public static final Fact TASK_TIME = FACTS.ms("stage.taskTime", "sum of executor run time over tasks");
    public static final Fact SLOTS = FACTS.count("stage.slots", "slots the stage could use: min(app slots, tasks)");
    public static final Fact SECONDS_LOST = FACTS.seconds("stage.secondsLost", "wall time minus task time spread evenly over the slots");
    public static final Fact TAIL_SECONDS_LOST = FACTS.seconds("stage.tail.secondsLost",
            "slowest task minus the median task: the time the stage waited on its tail");
    public static final Fact DURATION_P50 = FACTS.ms("stage.duration.p50", "median task duration");
    public static final Fact DURATION_P75 = FACTS.ms("stage.duration.p75", "75th percentile task duration");
    public static final Fact DURATION_MAX = FACTS.ms("stage.duration.max", "longest finished task");
    public static final Fact TAIL_WARM_UP = FACTS.flag("stage.tail.warmUp",
            "the tasks slower than 1.5× the median are all first tasks of fresh executor JVMs (class loading, JIT), "
                    + "two or more slow alike: warm-up, not a straggler (account/WarmUp)");
    public static final Fact DURATION_MAX_OVER_P50 = FACTS.ratio("stage.duration.maxOverP50",
            "longest / median task duration (median floored at 100 ms)");
    public static final Fact INPUT_BYTES = FACTS.bytes("stage.input.bytes", "bytes read from storage");
    public static final Fact INPUT_MAX = FACTS.bytes("stage.input.max", "largest task input");
    public static final Fact INPUT_P50 = FACTS.bytes("stage.input.p50", "median task input");
    public static final Fact INPUT_PER_TASK = FACTS.bytes("stage.input.perTask", "input bytes per task");
    public static final Fact INPUT_THROUGHPUT = FACTS.bytes("stage.input.throughput", "input bytes per second of task time");
    public static final Fact SHUFFLE_READ_MAX = FACTS.bytes("stage.shuffleRead.max", "largest task shuffle read");
    public static final Fact SHUFFLE_READ_P50 = FACTS.bytes("stage.shuffleRead.p50", "median task shuffle read");
    public static final Fact SHUFFLE_READ_MAX_OVER_P50 = FACTS.ratio("stage.shuffleRead.maxOverP50",
            "largest / median task shuffle read (absent when the median is 0)");
    public static final Fact RECORDS_MAX_OVER_P50 = FACTS.ratio("stage.records.maxOverP50",
            "largest / median task input+shuffle records (absent when the median is 0)");
    public static final Fact DATA_SKEW_RATIO = FACTS.ratio("stage.dataSkew.ratio",
            "the slowest task's data / the median task's (the largest value where the slowest task was not kept); absent when the median is 0");
    public static final Fact DATA_SKEWED = FACTS.flag("stage.data.skewed",
            "the slowest task had far more data than the median task (3× its own, or 5× for the largest of the distribution)");
    public static final Fact DATA_EVEN = FACTS.flag("stage.data.even",
            "the slowest task had about the median task's data (within 1.5×): positive evidence, not an absence of it");
    public static final Fact DATA_COMPARED = FACTS.text("stage.data.compared",
            "what the data verdict measured: the slowest task's data against the median's, or why it cannot tell");
    public static final Fact HOT_TASK_DURATION = FACTS.ms("stage.skew.hotTask.duration",
            "duration of the finished task that read the most (input and shuffle), among those the source kept");
    public static final Fact HOT_TASK_OVER_P50 = FACTS.ratio("stage.skew.hotTask.overP50",
            "that task's duration / the median task's (median floored at 100 ms)");
    public static final Fact HOT_TASK_SECONDS_LOST = FACTS.seconds("stage.skew.hotTask.secondsLost",
            "that task's duration minus the median task's: what its extra data cost the stage, whatever else made other tasks slow");
    public static final Fact STRAGGLER_RATIO = FACTS.ratio("stage.straggler.ratio",
            "duration skew not explained by data skew: duration max/median ÷ data skew");
    public static final Fact SHUFFLE_WRITE_BYTES = FACTS.bytes("stage.shuffleWrite.bytes", "shuffle bytes written");
    public static final Fact DATA_BYTES = FACTS.bytes("stage.data.bytes", "input + shuffle read: the data the stage processed");
    public static final Fact BYTES_PER_TASK = FACTS.bytes("stage.bytesPerTask", "data per task");
    public static final Fact SUGGESTED_PARTITIONS = FACTS.count("stage.suggestedPartitions", "partitions for ~128 MiB each");
    public static final Fact MORE_PARTITIONS = FACTS.count("stage.morePartitions",
            "a partition count that splits the data further: ~128 MiB each, and at least twice the stage's tasks");
    public static final Fact SUGGESTED_PARTITIONS_HOW = FACTS.text("stage.suggestedPartitions.how",
            "how stage.suggestedPartitions was reached: the data over 128 MiB, at least the app's slots");
    public static final Fact MORE_PARTITIONS_HOW = FACTS.text("stage.morePartitions.how",
            "how stage.morePartitions was reached: twice the stage's tasks, or its data over 128 MiB if that is more");
    public static final Fact GC_FRACTION = FACTS.fraction("stage.gc.fraction", "GC time / task run time");
    public static final Fact SPILL_DISK = FACTS.bytes("stage.spill.disk", "bytes spilled to disk");
    public static final Fact SPILL_MEMORY = FACTS.bytes("stage.spill.memory", "bytes spilled, in-memory size");
    /**
     * Below this much input and shuffle read the stage's data came from elsewhere (a cached or
     * generated source, a broadcast): spill over it would read 15,728,640 %, a share of nothing.
     */
    private static final double SPILL_MIN_DATA = 16.0 * (1 << 20);
    public static final Fact SPILL_FRACTION_OF_DATA = FACTS.fraction("stage.spill.fractionOfData", "disk spill / (input + shuffle read)");
    public static final Fact SPILL_SECONDS_LOST = FACTS.seconds("stage.spill.secondsLost",
            "estimated time writing and reading spill, at 100 MiB/s, over the slots");
    public static final Fact SCHEDULER_DELAY_P50 = FACTS.ms("stage.schedulerDelay.p50", "median scheduler delay per task");
    public static final Fact RUN_TIME_P50 = FACTS.ms("stage.runTime.p50", "median executor run time per task");
    public static final Fact RESULT_SIZE = FACTS.bytes("stage.resultSize", "bytes of task results sent to the driver");
    public static final Fact RESULT_SIZE_FRACTION_OF_MAX = FACTS.fraction("stage.resultSize.fractionOfMax",
            "task results / spark.driver.maxResultSize");
    public static final Fact RUNNING_MAX_AGE = FACTS.ms("stage.running.maxAge", "the longest-running task still running");
    public static final Fact RUNNING_THREAD = FACTS.text("stage.running.thread",
            "where the longest-running task is now, from its executor's thread dump (live drivers): its user frame and thread state");
    public static final Fact RUNNING_OVER_P50 = FACTS.ratio("stage.running.overP50", "longest-running task / median finished task");
    public static final Fact RUNNING_SECONDS_LOST = FACTS.seconds("stage.running.secondsLost",
            "longest-running task minus the median finished task");
    public static final Fact RUNNING_DATA_SKEWED = FACTS.flag("stage.running.data.skewed",
            "a running task reads at least 3× the finished median's shuffle data (its read so far, or the parents' writes still to read)");
    public static final Fact RUNNING_DATA_EVEN = FACTS.flag("stage.running.data.even",
            "the running tasks read about the finished median's shuffle data (nothing pending; parents' writes minus finished reads)");
    public static final Fact RUNNING_DATA_COMPARED = FACTS.text("stage.running.data.compared",
            "the running tasks' shuffle data against the finished median's, or why it is not known yet");
    public static final Fact RUNNING_READ_PER_TASK = FACTS.bytes("stage.running.readPerTask",
            "shuffle bytes each running task reads in all: the parent stages' writes minus the finished tasks' reads, per unfinished task");
    public static final Fact PENDING_SECONDS = FACTS.seconds("stage.pending.seconds",
            "the pending tasks' work at the finished median, over the stage's slots");
    public static final Fact SPECULATION = FACTS.flag("stage.speculation", "spark.speculation is on for the application");
    public static final Fact QUERY_SHUFFLE_JOIN = FACTS.flag("stage.query.shuffleJoin",
            "the stage's query joins by shuffling both sides (SortMergeJoin, ShuffledHashJoin): AQE skew join can split its partitions");
    public static final Fact QUERY_GROUPS_ONLY = FACTS.flag("stage.query.groupsOnly",
            "the stage's query groups (aggregates, groupByKey, pandas grouped UDFs) and has no shuffle join: "
                    + "its skew is a hot group key, which AQE skew join does not split");
    public static final Fact QUERY_USER_PARTITIONS = FACTS.flag("stage.query.userPartitions",
            "the stage's query repartitions to a number of its own (repartition(n), REPARTITION_BY_NUM): "
                    + "spark.sql.shuffle.partitions does not set its partitions");
    public static final Fact GROUP = FACTS.text("stage.group",
            "the code site of the stage's query (its SQL description), else the query, the stage's name or its job: "
                    + "one rule's findings on stages of one group are shown as one");
    public static final Fact SLOWEST_WHERE = FACTS.text("stage.slowest.where",
            "task, executor and host of the slowest (or longest-running) task");
    public static final Fact FAILURES_COUNT = FACTS.count("stage.failures.count", "failed task attempts");
    public static final Fact FAILURES_RATE = FACTS.fraction("stage.failures.rate", "failed / (failed + completed) task attempts");
    public static final Fact FAILURES_DISK_FULL = FACTS.count("stage.failures.diskFull", "failed task attempts: No space left on device");
    public static final Fact FAILURES_SERIALIZATION = FACTS.count("stage.failures.serialization",
            "failed task attempts: Task not serializable, NotSerializableException, Kryo");
    public static final Fact FAILURES_PYTHON = FACTS.count("stage.failures.python", "failed task attempts: a Python worker raised");
    public static final Fact FAILURES_PYTHON_MEMORY = FACTS.count("stage.failures.pythonMemory",
            "failed task attempts: a Python worker raised MemoryError");
    public static final Fact FAILURES_PYTHON_CRASHED = FACTS.count("stage.failures.pythonCrashed",
            "failed task attempts: a Python worker exited unexpectedly (killed, segfault), no traceback");
    public static final Fact PYTHON_MEMORY_LARGER = FACTS.bytes("stage.python.memory.larger",
            "spark.executor.pyspark.memory doubled, at least 1 GiB (set only when it is set)");
    public static final Fact FAILURES_RESULT_LOST = FACTS.count("stage.failures.resultLost",
            "failed task attempts: TaskResultLost, the driver could not fetch the task's result");
    public static final Fact FAILURES_KILLED = FACTS.count("stage.failures.killed",
            "task attempts killed on purpose: speculation, cancellation");
    public static final Fact FAILURES_MEMORY = FACTS.count("stage.failures.memory",
            "failed task attempts: the JVM's heap (OutOfMemoryError) or the container's memory limit");
    public static final Fact FAILURES_GPU_MEMORY = FACTS.count("stage.failures.gpuMemory",
            "failed task attempts: the GPU's memory (RAPIDS GpuSplitAndRetryOOM, RMM, CUDA out of memory)");
    public static final Fact FAILURES_OTHER = FACTS.count("stage.failures.other",
            "failed task attempts of no known kind (user code, data): not memory, disk, fetch, lost executor, serialization, Python, a lost result");
    public static final Fact FAILURES_SECONDS_LOST = FACTS.seconds("stage.failures.secondsLost",
            "wall time of a failed stage, else failed attempts × median run time over the slots");
    public static final Fact FAILURE_EXCEPTION = FACTS.text("stage.failure.exception", "the most frequent failure's exception class");
    public static final Fact FAILURE_LOG = FACTS.text("stage.failure.log",
            "the log link of the executor where the most frequent failure happened (its stderr), where Spark gives one");
    public static final Fact FAILURE_MESSAGE = FACTS.text("stage.failure.message",
            "the most frequent failure's first line (the root line of a Python traceback)");
    public static final Fact FAILURE_WHERE = FACTS.text("stage.failure.where", "executor and host of the first such failure");

    /** The failure kinds a fact counts; the others (OOM, lost executors, fetch failures) no rule reads per stage. */
    private static final Map<FailureKind, Fact> FAILURES_OF_KIND = Map.of(
            FailureKind.DISK_FULL, FAILURES_DISK_FULL, FailureKind.SERIALIZATION, FAILURES_SERIALIZATION,
            FailureKind.PYTHON, FAILURES_PYTHON, FailureKind.PYTHON_MEMORY, FAILURES_PYTHON_MEMORY,
            FailureKind.PYTHON_CRASHED, FAILURES_PYTHON_CRASHED, FailureKind.KILLED, FAILURES_KILLED, FailureKind.OTHER, FAILURES_OTHER,
            FailureKind.RESULT_LOST, FAILURES_RESULT_LOST);

    private StageSignals() {
    }

    /** The derivations of the partition counts, as a fix shows them ("4.6 MiB ÷ 128 MiB = 1; at least the app's 8 slots: 8"). */
    private static void partitionsHow(AppContext ctx, Stage stage, double data, FactSink sink) {
        long byData = (long) Math.ceil(data / TARGET_PARTITION_BYTES);
        String division = ByteFormat.of(data) + " ÷ 128 MiB = " + byData;
        long suggested = Math.max(ctx.slots(), byData);
        sink.text(SUGGESTED_PARTITIONS_HOW, suggested == byData ? division
                : division + "; at least the app's " + ctx.slots() + " slots: " + suggested);
        long twice = 2L * stage.tasks().total();
        sink.text(MORE_PARTITIONS_HOW, byData > twice ? division + ", more than twice the stage's " + stage.tasks().total() + " tasks"
                : "twice the stage's " + stage.tasks().total() + " tasks: " + twice + " (" + division + ")");
    }

    static Scope scope(AppContext ctx, Stage stage) {
        return new Scope(ScopeKind.STAGE, stage.key(), ctx.names().stage(stage));
    }

    static void compute(AppContext ctx, Stage stage, FactSink sink) {
        StageTotals t = stage.totals();
        long wall = stage.durationMs(ctx.now()).orElse(0L);
        int slots = ctx.slots(stage);
        ctx.names().group(stage).ifPresent(g -> sink.text(GROUP, g));
        boolean userPartitions = ctx.queryOf(stage).map(q -> {
            PlanGraph plan = ctx.plan(q);
            sink.put(QUERY_SHUFFLE_JOIN, plan.shuffleJoin()).put(QUERY_GROUPS_ONLY, plan.groups() && !plan.shuffleJoin())
                    .put(QUERY_USER_PARTITIONS, plan.userPartitionCount());
            NullKeySkew.compute(plan, stage, sink);
            UnpartitionedWindow.compute(plan, stage, wall, ctx.slots(), sink);
            return plan.userPartitionCount();
        }).orElse(false);
        AqeCoalesce.compute(ctx.hasConfig() ? ctx.settingsOf(stage) : Settings.NONE, stage, userPartitions, sink);
        StageParallelism.compute(ctx, stage, sink);
        FetchWait.compute(ctx, stage, sink);
        sink.put(TASKS_TOTAL, stage.tasks().total())
                .put(TASKS_COMPLETED, stage.tasks().completed())
                .put(TASKS_RUNNING, stage.tasks().active())
                .put(TASKS_PENDING, stage.tasks().pending())
                .put(ACTIVE, stage.status() == StageStatus.ACTIVE)
                .put(FAILED, stage.status() == StageStatus.FAILED)
                .put(NEVER_LAUNCHED, neverLaunched(stage))
                .put(WALL, wall)
                .put(TASK_TIME, t.executorRunTimeMs())
                .put(SLOTS, slots)
                .put(SECONDS_LOST, Math.max(0, wall - (double) t.executorRunTimeMs() / slots) / 1000.0);
        double data = t.inputBytes() + t.shuffleReadBytes();
        int tasks = Math.max(1, stage.tasks().total());
        sink.put(INPUT_BYTES, t.inputBytes())
                .put(INPUT_PER_TASK, (double) t.inputBytes() / tasks)
                .put(INPUT_THROUGHPUT, FactSink.ratio(t.inputBytes() * 1000.0, t.executorRunTimeMs()))
                .put(SHUFFLE_WRITE_BYTES, t.shuffleWriteBytes())
                .put(DATA_BYTES, data)
                .put(BYTES_PER_TASK, data / tasks)
                // fewer partitions, but never fewer than the slots: one wave keeps every core at work
                .put(SUGGESTED_PARTITIONS, Math.max(ctx.slots(), Math.ceil(data / TARGET_PARTITION_BYTES)))
                // Skew, spill and full disks need the data split further: never suggest fewer partitions.
                .put(MORE_PARTITIONS, Math.max(2.0 * stage.tasks().total(), Math.ceil(data / TARGET_PARTITION_BYTES)))
                .put(GC_FRACTION, FactSink.ratio(t.jvmGcTimeMs(), t.executorRunTimeMs()))
                .put(SPILL_DISK, t.diskBytesSpilled())
                .put(SPILL_MEMORY, t.memoryBytesSpilled())
                .put(SPILL_FRACTION_OF_DATA, data >= SPILL_MIN_DATA ? FactSink.ratio(t.diskBytesSpilled(), data) : Double.NaN)
                // Spill is written once and read back once; 100 MiB/s is a conservative local-disk rate.
                .put(SPILL_SECONDS_LOST, 2.0 * t.diskBytesSpilled() / (100.0 * (1 << 20)) / slots)
                .put(RESULT_SIZE, t.resultSizeBytes());
        partitionsHow(ctx, stage, data, sink);
        long maxResult = ctx.settings().bytes("spark.driver.maxResultSize");
        if (maxResult > 0) {
            sink.put(RESULT_SIZE_FRACTION_OF_MAX, (double) t.resultSizeBytes() / maxResult);
        }
        stage.quantiles().ifPresent(q -> distributions(q, slowestFinished(stage), heaviestFinished(stage), sink));
        if (stage.quantiles().isPresent()) {
            sink.put(TAIL_WARM_UP, WarmUp.of(ctx.snapshot(), stage).explains());
        }
        stage.quantiles().ifPresent(q -> AqeSkewJoin.compute(ctx.settingsOf(stage), q.get(TaskMetric.SHUFFLE_READ_BYTES).max(),
                q.get(TaskMetric.SHUFFLE_READ_BYTES).p50(), sink));
        running(ctx, stage, slots, sink);
        slowestWhere(stage, sink);
        failures(ctx, stage, slots, sink);
    }

    /**
     * Ended with tasks to run and none launched, for no error of its own: a stage whose tasks do
     * not serialize also launches none, but its failure names the error.
     */
    static boolean neverLaunched(Stage stage) {
        TaskCounts t = stage.tasks();
        boolean ended = stage.status() == StageStatus.COMPLETE || stage.status() == StageStatus.FAILED;
        boolean none = t.active() + t.completed() + t.failed() + t.killed() == 0 && stage.firstTaskLaunchedTime().isEmpty();
        return ended && t.total() > 0 && none
                && stage.failureReason().map(r -> Cancellation.of(r).isPresent()).orElse(true);
    }

    private static Optional<TaskSample> slowestFinished(Stage stage) {
        return stage.notableTasks().stream().filter(t -> "SUCCESS".equals(t.status()))
                .max(Comparator.comparingLong(TaskSample::durationMs));
    }

    /** The finished task that read the most (input and shuffle), among those the source kept. */
    private static Optional<TaskSample> heaviestFinished(Stage stage) {
        return stage.notableTasks().stream().filter(t -> "SUCCESS".equals(t.status()))
                .max(Comparator.comparingLong((TaskSample t) -> t.inputBytes() + t.shuffleReadBytes()));
    }

    private static void distributions(TaskQuantiles q, Optional<TaskSample> slowest, Optional<TaskSample> heaviest, FactSink sink) {
        Quantiles d = q.get(TaskMetric.DURATION);
        double durationSkew = d.max() / Math.max(d.p50(), MIN_MS);
        sink.put(DURATION_P50, d.p50())
                .put(DURATION_P75, d.p75())
                .put(DURATION_MAX, d.max())
                .put(DURATION_MAX_OVER_P50, durationSkew)
                .put(TAIL_SECONDS_LOST, Math.max(0, d.max() - d.p50()) / 1000.0);
        Quantiles in = q.get(TaskMetric.INPUT_BYTES);
        Quantiles sr = q.get(TaskMetric.SHUFFLE_READ_BYTES);
        Quantiles inRec = q.get(TaskMetric.INPUT_RECORDS);
        Quantiles srRec = q.get(TaskMetric.SHUFFLE_READ_RECORDS);
        sink.put(INPUT_MAX, in.max()).put(INPUT_P50, in.p50())
                .put(SHUFFLE_READ_MAX, sr.max()).put(SHUFFLE_READ_P50, sr.p50())
                .put(SCHEDULER_DELAY_P50, q.get(TaskMetric.SCHEDULER_DELAY).p50())
                .put(RUN_TIME_P50, q.get(TaskMetric.EXECUTOR_RUN_TIME).p50());
        if (sr.p50() > 0) {
            sink.put(SHUFFLE_READ_MAX_OVER_P50, sr.max() / sr.p50());
        }
        if (inRec.p50() + srRec.p50() > 0) {
            sink.put(RECORDS_MAX_OVER_P50, (inRec.max() + srRec.max()) / (inRec.p50() + srRec.p50()));
        }
        heaviest.filter(h -> h.inputBytes() + h.shuffleReadBytes() > 0).ifPresent(h -> sink.put(HOT_TASK_DURATION, h.durationMs())
                .put(HOT_TASK_OVER_P50, h.durationMs() / Math.max(d.p50(), MIN_MS))
                .put(HOT_TASK_SECONDS_LOST, Math.max(0, h.durationMs() - d.p50()) / 1000.0));
        DataSkew.Verdict data = DataSkew.of(q, slowest, heaviest);
        verdict(sink, data.kind(), data.compared(), DATA_SKEWED, DATA_EVEN, DATA_COMPARED);
        data.ratio().ifPresent(r -> sink.put(DATA_SKEW_RATIO, r)
                .put(STRAGGLER_RATIO, durationSkew / Math.max(1, r)));
    }

    private static void running(AppContext ctx, Stage stage, int slots, FactSink sink) {
        Settings settings = ctx.hasConfig() ? ctx.settingsOf(stage) : Settings.NONE;
        sink.put(SPECULATION, ctx.settingsOf(stage).bool("spark.speculation"));
        // the hosts tasks run on: the executors', or in local mode the driver's alone
        boolean local = SparkMaster.of(ctx).map(SparkMaster::local).orElse(false);
        long hosts = ctx.snapshot().executors().stream().filter(e -> !e.isDriver()).map(e -> e.host()).distinct().count();
        Speculation.compute(settings, stage, local || hosts == 0 ? 1 : hosts, sink);
        long maxAge = stage.notableTasks().stream().filter(TaskSample::running).mapToLong(TaskSample::durationMs).max().orElse(-1);
        if (maxAge < 0) {
            return;
        }
        sink.put(RUNNING_MAX_AGE, maxAge);
        ctx.snapshot().taskThreads().stream().filter(t -> t.stageId() == stage.stageId() && t.stageAttemptId() == stage.attemptId())
                .findFirst().ifPresent(t -> sink.text(RUNNING_THREAD, TaskThreadText.of(t)));
        stage.quantiles().ifPresent(q -> {
            double p50 = q.get(TaskMetric.DURATION).p50();
            sink.put(RUNNING_OVER_P50, maxAge / Math.max(p50, MIN_MS))
                    .put(RUNNING_SECONDS_LOST, Math.max(0, maxAge - p50) / 1000.0)
                    .put(PENDING_SECONDS, stage.tasks().pending() * p50 / slots / 1000.0);
            RunningTail.Live live = RunningTail.judge(ctx, stage, q);
            verdict(sink, live.kind(), live.compared(), RUNNING_DATA_SKEWED, RUNNING_DATA_EVEN, RUNNING_DATA_COMPARED);
            live.remainingPerTask().ifPresent(b -> sink.put(RUNNING_READ_PER_TASK, b));
        });
    }

    /** A data verdict as facts: two flags (neither is "cannot tell") and what was measured. */
    private static void verdict(FactSink sink, DataSkew.Kind kind, String compared, Fact skewed, Fact even, Fact what) {
        sink.put(skewed, kind == DataSkew.Kind.SKEWED).put(even, kind == DataSkew.Kind.EVEN).text(what, compared);
    }

    private static void slowestWhere(Stage stage, FactSink sink) {
        stage.notableTasks().stream()
                .filter(t -> t.running() || "SUCCESS".equals(t.status()))
                .max(Comparator.comparingLong(TaskSample::durationMs))
                .ifPresentOrElse(t -> sink.text(SLOWEST_WHERE, "task " + t.index() + " (" + (t.running() ? "running, " : "")
                                + DurationFormat.of(t.durationMs()) + ") on executor " + t.executorId() + " at " + t.host()),
                        // Not every source samples tasks (a REST snapshot without task lists); say where to look instead.
                        () -> sink.text(SLOWEST_WHERE, "sort the stage's tasks by duration in the Spark UI"));
    }

    private static void failures(AppContext ctx, Stage stage, int slots, FactSink sink) {
        int failed = Math.max(stage.tasks().failed(), stage.failures().stream().mapToInt(TaskFailure::count).sum());
        double runP50 = stage.quantiles().map(q -> q.get(TaskMetric.EXECUTOR_RUN_TIME).p50()).orElse(0.0);
        sink.put(FAILURES_COUNT, failed)
                .put(FAILURES_RATE, FactSink.ratio(failed, failed + stage.tasks().completed()))
                .put(FAILURES_SECONDS_LOST, stage.status() == StageStatus.FAILED
                        ? stage.durationMs(ctx.now()).orElse(0L) / 1000.0
                        : failed * runP50 / slots / 1000.0);
        Map<FailureKind, Integer> byKind = new EnumMap<>(FailureKind.class);
        for (TaskFailure f : stage.failures()) {
            byKind.merge(FailureKind.of(f), f.count(), Integer::sum);
        }
        FAILURES_OF_KIND.forEach((kind, fact) -> sink.put(fact, byKind.getOrDefault(kind, 0)));
        sink.put(FAILURES_MEMORY, byKind.getOrDefault(FailureKind.OOM, 0) + byKind.getOrDefault(FailureKind.CONTAINER_KILLED, 0))
                .put(FAILURES_GPU_MEMORY, byKind.getOrDefault(FailureKind.GPU_OOM, 0));
        if (ctx.settings().pysparkMemory() > 0) {
            sink.put(PYTHON_MEMORY_LARGER, Math.max(2 * ctx.settings().pysparkMemory(), 1L << 30));
        }
        // The most frequent failure that is not a deliberate kill (speculation, cancellation);
        // ties keep Spark's order, so the earliest wins.
        stage.failures().stream()
                .filter(f -> FailureKind.of(f) != FailureKind.KILLED)
                .max(Comparator.comparingInt(TaskFailure::count).thenComparing(f -> -stage.failures().indexOf(f)))
                .ifPresent(f -> {
                    nameFailure(f, sink);
                    failureLog(ctx, f, sink);
                });
    }

    /** What 'sparkdoc logs' reads the links from: the driver or History Server this was read from, else a placeholder. */
    private static String logsTarget(AppContext ctx) {
        var source = ctx.snapshot().source();
        boolean http = source.kind() == dev.sparkdoc.model.SourceKind.LIVE || source.kind() == dev.sparkdoc.model.SourceKind.HISTORY;
        return http ? source.target() : "<driver or History Server URL>";
    }

    /** Where the failing task's executor wrote its stderr (the whole trace, the task's own prints): its log link. */
    private static void failureLog(AppContext ctx, TaskFailure f, FactSink sink) {
        ctx.snapshot().executor(f.executorId()).map(e -> e.logUrls().get("stderr")).filter(u -> !u.isBlank())
                .ifPresent(url -> sink.text(FAILURE_LOG, "executor " + f.executorId() + "'s stderr, " + url
                        + " (or: sparkdoc logs " + logsTarget(ctx) + " --executor " + f.executorId() + ")"));
    }

    /**
     * Names a failure by its root error, as {@code sparkdoc explain} does: Spark 4 wraps UDF
     * errors in SparkException [FAILED_EXECUTE_UDF] and PySpark ones in PythonException, so the
     * class Spark reports says little; the classifier finds the real one and the user's frame
     * ("ZeroDivisionError in f at job.py:17").
     */
    private static void nameFailure(TaskFailure f, FactSink sink) {
        // an attempt that ended UnknownReason may name neither: no "executor  on " with gaps
        if (!f.executorId().isBlank()) {
            sink.text(FAILURE_WHERE, "executor " + f.executorId() + (f.host().isBlank() ? "" : " on " + f.host()));
        }
        // The full trace names the exception class; the message alone (an event log's
        // "Description") does not, so it gets the class in front when there is no trace.
        String text = f.detail().isBlank() || f.detail().equals(f.message())
                ? f.exceptionClass().filter(c -> !f.message().startsWith(c)).map(c -> c + ": ").orElse("") + f.message()
                : f.detail();
        Optional<ExplainedError> root = CLASSIFIER.classify(text).stream()
                .filter(ExplainedError::recognised).findFirst();
        if (root.isPresent()) {
            sink.text(FAILURE_EXCEPTION, root.get().exception())
                    .text(FAILURE_MESSAGE, root.get().summary());
            return;
        }
        sink.text(FAILURE_EXCEPTION, f.exceptionClass().orElse(f.reason()))
                .text(FAILURE_MESSAGE, ExceptionNames.headline(f.message(), f.detail()));
    }
}
