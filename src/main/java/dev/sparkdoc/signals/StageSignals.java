package dev.sparkdoc.signals;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Facts about one stage attempt: time, skew, stragglers, spill, GC, overhead and failures. */
public final class StageSignals {

    private static final ErrorClassifier CLASSIFIER = ErrorClassifier.builtIn();

    /** Spark's advice for a partition: about 128 MiB (spark.sql.files.maxPartitionBytes, AQE advisory size 64 MiB). */
    static final long TARGET_PARTITION_BYTES = 128L << 20;
    /** Below these a "median" is noise: ratios use them as the floor of the denominator. */
    static final double MIN_BYTES = 1 << 20;
    static final double MIN_RECORDS = 1000;
    static final double MIN_MS = 100;

    public static final List<FactDef> FACTS = new ArrayList<>();

    static {
        def("stage.tasks.total", FactUnit.COUNT, "tasks in the stage attempt");
        def("stage.tasks.completed", FactUnit.COUNT, "tasks finished successfully");
        def("stage.tasks.failed", FactUnit.COUNT, "task attempts that failed");
        def("stage.tasks.running", FactUnit.COUNT, "tasks running at snapshot time");
        def("stage.tasks.pending", FactUnit.COUNT, "tasks neither running nor finished");
        def("stage.active", FactUnit.BOOLEAN, "the stage is running");
        def("stage.failed", FactUnit.BOOLEAN, "the stage attempt failed");
        def("stage.wall", FactUnit.MS, "wall time from submission to completion (or now)");
        def("stage.taskTime", FactUnit.MS, "sum of executor run time over tasks");
        def("stage.slots", FactUnit.COUNT, "slots the stage could use: min(app slots, tasks)");
        def("stage.secondsLost", FactUnit.SECONDS, "wall time minus task time spread evenly over the slots");
        def("stage.tail.secondsLost", FactUnit.SECONDS, "slowest task minus the median task: the time the stage waited on its tail");
        def("stage.duration.min", FactUnit.MS, "shortest finished task");
        def("stage.duration.p50", FactUnit.MS, "median task duration");
        def("stage.duration.p75", FactUnit.MS, "75th percentile task duration");
        def("stage.duration.max", FactUnit.MS, "longest finished task");
        def("stage.duration.maxOverP50", FactUnit.RATIO, "longest / median task duration");
        def("stage.duration.maxOverP75", FactUnit.RATIO, "longest / 75th percentile task duration");
        def("stage.input.bytes", FactUnit.BYTES, "bytes read from storage");
        def("stage.input.max", FactUnit.BYTES, "largest task input");
        def("stage.input.p50", FactUnit.BYTES, "median task input");
        def("stage.input.maxOverP50", FactUnit.RATIO, "largest / median task input (median floored at 1 MiB)");
        def("stage.shuffleRead.bytes", FactUnit.BYTES, "shuffle bytes read");
        def("stage.shuffleRead.max", FactUnit.BYTES, "largest task shuffle read");
        def("stage.shuffleRead.p50", FactUnit.BYTES, "median task shuffle read");
        def("stage.shuffleRead.maxOverP50", FactUnit.RATIO, "largest / median task shuffle read (median floored at 1 MiB)");
        def("stage.records.maxOverP50", FactUnit.RATIO, "largest / median task input+shuffle records (median floored at 1000)");
        def("stage.dataSkew.ratio", FactUnit.RATIO, "the largest of the input, shuffle-read and record skew ratios");
        def("stage.straggler.ratio", FactUnit.RATIO, "duration skew not explained by data skew: duration max/median ÷ data skew");
        def("stage.shuffleWrite.bytes", FactUnit.BYTES, "shuffle bytes written");
        def("stage.output.bytes", FactUnit.BYTES, "bytes written to storage");
        def("stage.data.bytes", FactUnit.BYTES, "input + shuffle read: the data the stage processed");
        def("stage.bytesPerTask", FactUnit.BYTES, "data per task");
        def("stage.suggestedPartitions", FactUnit.COUNT, "partitions for ~128 MiB each");
        def("stage.morePartitions", FactUnit.COUNT, "a partition count that splits the data further: ~128 MiB each, and at least twice the stage's tasks");
        def("stage.gc.time", FactUnit.MS, "JVM GC time of the stage's tasks");
        def("stage.gc.fraction", FactUnit.FRACTION, "GC time / task run time");
        def("stage.spill.disk", FactUnit.BYTES, "bytes spilled to disk");
        def("stage.spill.memory", FactUnit.BYTES, "bytes spilled, in-memory size");
        def("stage.spill.fractionOfData", FactUnit.FRACTION, "disk spill / (input + shuffle read)");
        def("stage.spill.secondsLost", FactUnit.SECONDS, "estimated time writing and reading spill, at 100 MiB/s");
        def("stage.schedulerDelay.p50", FactUnit.MS, "median scheduler delay per task");
        def("stage.runTime.p50", FactUnit.MS, "median executor run time per task");
        def("stage.overhead.fraction", FactUnit.FRACTION, "median (duration - run time) / duration: time not computing");
        def("stage.overhead.secondsLost", FactUnit.SECONDS, "task time not spent computing, spread over the slots");
        def("stage.resultSize", FactUnit.BYTES, "bytes of task results sent to the driver");
        def("stage.failures.count", FactUnit.COUNT, "failed task attempts");
        def("stage.failures.rate", FactUnit.FRACTION, "failed / (failed + completed) task attempts");
        for (FailureKind k : FailureKind.values()) {
            def("stage.failures." + kindName(k), FactUnit.COUNT, "failed task attempts classified " + k.name());
        }
        def("stage.failure.exception", FactUnit.TEXT, "the most frequent failure's exception class");
        def("stage.failure.message", FactUnit.TEXT, "the most frequent failure's first line (the root line of a Python traceback)");
        def("stage.failure.where", FactUnit.TEXT, "executor and host of the first such failure");
        def("stage.running.maxAge", FactUnit.MS, "the longest-running task still running");
        def("stage.running.overP50", FactUnit.RATIO, "longest-running task / median finished task");
        def("stage.waiting", FactUnit.MS, "an active stage with pending tasks and none running: time since submission");
        def("stage.waiting.secondsLost", FactUnit.SECONDS, "the same, in seconds");
        def("stage.startDelay", FactUnit.MS, "first task launch minus submission");
        def("stage.running.secondsLost", FactUnit.SECONDS, "longest-running task minus the median finished task");
        def("stage.slowest.where", FactUnit.TEXT, "task, executor and host of the slowest (or longest-running) task");
        def("stage.failures.secondsLost", FactUnit.SECONDS, "wall time of a failed stage, else failed attempts × median run time over the slots");
        def("stage.input.perTask", FactUnit.BYTES, "input bytes per task");
        def("stage.input.throughput", FactUnit.BYTES, "input bytes per second of task time");
        def("stage.resultSize.fractionOfMax", FactUnit.FRACTION, "task results / spark.driver.maxResultSize");
        def("stage.wall.seconds", FactUnit.SECONDS, "the stage's wall time in seconds");
    }

    private StageSignals() {
    }

    private static void def(String name, FactUnit unit, String description) {
        FACTS.add(new FactDef(name, ScopeKind.STAGE, unit, description));
    }

    static String kindName(FailureKind k) {
        return switch (k) {
            case OOM -> "oom";
            case CONTAINER_KILLED -> "containerKilled";
            case DISK_FULL -> "diskFull";
            case FETCH_FAILED -> "fetchFailed";
            case EXECUTOR_LOST -> "executorLost";
            case SERIALIZATION -> "serialization";
            case PYTHON -> "python";
            case KILLED -> "killed";
            case OTHER -> "other";
        };
    }

    static Scope scope(AppContext ctx, Stage stage) {
        return new Scope(ScopeKind.STAGE, stage.key(), StageNames.recognisable(ctx, stage));
    }

    static void compute(AppContext ctx, Stage stage, FactSink sink) {
        StageTotals t = stage.totals();
        long wall = stage.durationMs(ctx.now()).orElse(0L);
        int slots = Math.max(1, Math.min(ctx.slots(), stage.tasks().total()));
        sink.put("stage.tasks.total", stage.tasks().total())
                .put("stage.tasks.completed", stage.tasks().completed())
                .put("stage.tasks.failed", stage.tasks().failed())
                .put("stage.tasks.running", stage.tasks().active())
                .put("stage.tasks.pending", stage.tasks().pending())
                .put("stage.active", stage.status() == StageStatus.ACTIVE)
                .put("stage.failed", stage.status() == StageStatus.FAILED)
                .put("stage.wall", wall)
                .put("stage.taskTime", t.executorRunTimeMs())
                .put("stage.slots", slots)
                .put("stage.secondsLost", Math.max(0, wall - (double) t.executorRunTimeMs() / slots) / 1000.0);
        double data = t.inputBytes() + t.shuffleReadBytes();
        int tasks = Math.max(1, stage.tasks().total());
        sink.put("stage.input.bytes", t.inputBytes())
                .put("stage.shuffleRead.bytes", t.shuffleReadBytes())
                .put("stage.shuffleWrite.bytes", t.shuffleWriteBytes())
                .put("stage.output.bytes", t.outputBytes())
                .put("stage.data.bytes", data)
                .put("stage.bytesPerTask", data / tasks)
                .put("stage.suggestedPartitions", Math.max(1, Math.ceil(data / TARGET_PARTITION_BYTES)))
                // Skew, spill and full disks need the data split further: never suggest fewer partitions.
                .put("stage.morePartitions", Math.max(2.0 * stage.tasks().total(), Math.ceil(data / TARGET_PARTITION_BYTES)))
                .put("stage.gc.time", t.jvmGcTimeMs())
                .put("stage.gc.fraction", FactSink.ratio(t.jvmGcTimeMs(), t.executorRunTimeMs()))
                .put("stage.spill.disk", t.diskBytesSpilled())
                .put("stage.spill.memory", t.memoryBytesSpilled())
                .put("stage.spill.fractionOfData", FactSink.ratio(t.diskBytesSpilled(), data))
                // Spill is written once and read back once; 100 MiB/s is a conservative local-disk rate.
                .put("stage.spill.secondsLost", 2.0 * t.diskBytesSpilled() / (100.0 * (1 << 20)) / slots)
                .put("stage.resultSize", t.resultSizeBytes())
                .put("stage.wall.seconds", wall / 1000.0)
                .put("stage.input.perTask", (double) t.inputBytes() / tasks)
                .put("stage.input.throughput", FactSink.ratio(t.inputBytes() * 1000.0, t.executorRunTimeMs()));
        long maxResult = ctx.confBytes("spark.driver.maxResultSize", ConfigSignals.GIB, 'b');
        if (maxResult > 0) {
            sink.put("stage.resultSize.fractionOfMax", (double) t.resultSizeBytes() / maxResult);
        }
        stage.firstTaskLaunchedTime().ifPresent(first -> stage.submissionTime().ifPresent(sub ->
                sink.put("stage.startDelay", Math.max(0, first.toEpochMilli() - sub.toEpochMilli()))));
        stage.quantiles().ifPresent(q -> distributions(q, slots, sink));
        running(ctx, stage, sink);
        failures(ctx, stage, sink);
    }

    private static void distributions(TaskQuantiles q, int slots, FactSink sink) {
        Quantiles d = q.get(TaskMetric.DURATION);
        sink.put("stage.duration.min", d.min())
                .put("stage.duration.p50", d.p50())
                .put("stage.duration.p75", d.p75())
                .put("stage.duration.max", d.max())
                .put("stage.duration.maxOverP50", d.max() / Math.max(d.p50(), MIN_MS))
                .put("stage.duration.maxOverP75", d.max() / Math.max(d.p75(), MIN_MS))
                .put("stage.tail.secondsLost", Math.max(0, d.max() - d.p50()) / 1000.0);
        Quantiles in = q.get(TaskMetric.INPUT_BYTES);
        Quantiles sr = q.get(TaskMetric.SHUFFLE_READ_BYTES);
        Quantiles inRec = q.get(TaskMetric.INPUT_RECORDS);
        Quantiles srRec = q.get(TaskMetric.SHUFFLE_READ_RECORDS);
        double inputSkew = in.max() / Math.max(in.p50(), MIN_BYTES);
        double shuffleSkew = sr.max() / Math.max(sr.p50(), MIN_BYTES);
        double recordSkew = (inRec.max() + srRec.max()) / Math.max(inRec.p50() + srRec.p50(), MIN_RECORDS);
        double dataSkew = Math.max(1, Math.max(inputSkew, Math.max(shuffleSkew, recordSkew)));
        sink.put("stage.input.max", in.max()).put("stage.input.p50", in.p50()).put("stage.input.maxOverP50", inputSkew)
                .put("stage.shuffleRead.max", sr.max()).put("stage.shuffleRead.p50", sr.p50())
                .put("stage.shuffleRead.maxOverP50", shuffleSkew)
                .put("stage.records.maxOverP50", recordSkew)
                .put("stage.dataSkew.ratio", dataSkew)
                .put("stage.straggler.ratio", d.max() / Math.max(d.p50(), MIN_MS) / dataSkew);
        Quantiles delay = q.get(TaskMetric.SCHEDULER_DELAY);
        Quantiles run = q.get(TaskMetric.EXECUTOR_RUN_TIME);
        sink.put("stage.schedulerDelay.p50", delay.p50())
                .put("stage.runTime.p50", run.p50())
                .put("stage.overhead.fraction", FactSink.ratio(Math.max(0, d.p50() - run.p50()), d.p50()))
                .put("stage.overhead.secondsLost", Math.max(0, d.p50() - run.p50()) * q.taskCount() / slots / 1000.0);
    }

    private static void running(AppContext ctx, Stage stage, FactSink sink) {
        long maxAge = stage.notableTasks().stream().filter(TaskSample::running).mapToLong(TaskSample::durationMs).max().orElse(-1);
        if (maxAge >= 0) {
            sink.put("stage.running.maxAge", maxAge);
            stage.quantiles().ifPresent(q -> sink.put("stage.running.overP50",
                    maxAge / Math.max(q.get(TaskMetric.DURATION).p50(), MIN_MS))
                    .put("stage.running.secondsLost", Math.max(0, maxAge - q.get(TaskMetric.DURATION).p50()) / 1000.0));
        }
        stage.notableTasks().stream()
                .filter(t -> t.running() || "SUCCESS".equals(t.status()))
                .max(java.util.Comparator.comparingLong(TaskSample::durationMs))
                .ifPresent(t -> sink.text("stage.slowest.where", "task " + t.index() + " (" + (t.running() ? "running, " : "")
                        + dev.sparkdoc.signals.FactFormat.duration(t.durationMs()) + ") on executor " + t.executorId()
                        + " at " + t.host()));
        if (stage.notableTasks().stream().noneMatch(t -> t.running() || "SUCCESS".equals(t.status()))) {
            // Not every source samples tasks (a REST snapshot without task lists); say where to look instead.
            sink.text("stage.slowest.where", "sort the stage's tasks by duration in the Spark UI");
        }
        if (stage.status() == StageStatus.ACTIVE && stage.tasks().active() == 0 && stage.tasks().pending() > 0) {
            long waiting = stage.submissionTime().map(s -> ctx.now().toEpochMilli() - s.toEpochMilli()).orElse(0L);
            sink.put("stage.waiting", Math.max(0, waiting)).put("stage.waiting.secondsLost", Math.max(0, waiting) / 1000.0);
        } else {
            sink.put("stage.waiting", 0).put("stage.waiting.secondsLost", 0);
        }
    }

    private static void failures(AppContext ctx, Stage stage, FactSink sink) {
        int failed = Math.max(stage.tasks().failed(), stage.failures().stream().mapToInt(TaskFailure::count).sum());
        sink.put("stage.failures.count", failed)
                .put("stage.failures.rate", FactSink.ratio(failed, failed + stage.tasks().completed()));
        double runP50 = stage.quantiles().map(q -> q.get(TaskMetric.EXECUTOR_RUN_TIME).p50()).orElse(0.0);
        int slots = Math.max(1, Math.min(ctx.slots(), Math.max(1, stage.tasks().total())));
        sink.put("stage.failures.secondsLost", stage.status() == StageStatus.FAILED
                ? stage.durationMs(ctx.now()).orElse(0L) / 1000.0
                : failed * runP50 / slots / 1000.0);
        Map<FailureKind, Integer> byKind = new java.util.EnumMap<>(FailureKind.class);
        for (FailureKind k : FailureKind.values()) {
            byKind.put(k, 0);
        }
        for (TaskFailure f : stage.failures()) {
            byKind.merge(FailureKind.classify(f.reason(), f.message() + "\n" + f.detail()), f.count(), Integer::sum);
        }
        byKind.forEach((k, n) -> sink.put("stage.failures." + kindName(k), n));
        // The most frequent failure that is not a deliberate kill (speculation, cancellation);
        // ties keep Spark's order, so the earliest wins.
        stage.failures().stream()
                .filter(f -> FailureKind.classify(f.reason(), f.message() + "\n" + f.detail()) != FailureKind.KILLED)
                .max(java.util.Comparator.comparingInt(TaskFailure::count)
                        .thenComparing(f -> -stage.failures().indexOf(f)))
                .ifPresent(f -> nameFailure(f, sink));
    }

    /**
     * Names a failure by its root error, as {@code sparkdoc explain} does: Spark 4 wraps UDF
     * errors in SparkException [FAILED_EXECUTE_UDF] and PySpark ones in PythonException, so the
     * class Spark reports says little; the classifier finds the real one and the user's frame
     * ("ZeroDivisionError in f at job.py:17").
     */
    private static void nameFailure(TaskFailure f, FactSink sink) {
        sink.text("stage.failure.where", "executor " + f.executorId() + " on " + f.host());
        // The full trace names the exception class; the message alone (an event log's
        // "Description") does not, so it gets the class in front when there is no trace.
        String text = f.detail().isBlank() || f.detail().equals(f.message())
                ? f.exceptionClass().filter(c -> !f.message().startsWith(c)).map(c -> c + ": ").orElse("") + f.message()
                : f.detail();
        Optional<ExplainedError> root = CLASSIFIER.classify(text).stream()
                .filter(ExplainedError::recognised).findFirst();
        if (root.isPresent()) {
            sink.text("stage.failure.exception", root.get().exception())
                    .text("stage.failure.message", root.get().summary());
            return;
        }
        sink.text("stage.failure.exception", f.exceptionClass().orElse(f.reason()))
                .text("stage.failure.message", ExceptionNames.headline(f.message(), f.detail()));
    }
}
