package dev.sparkdoc.testing;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Hand-made snapshots for unit tests of signals and rules: a healthy baseline that each test
 * bends to show one symptom (or to miss it by a little).
 */
public final class Snapshots {

    public static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");

    private final List<Job> jobs = new ArrayList<>();
    private final List<Stage> stages = new ArrayList<>();
    private final List<Executor> executors = new ArrayList<>();
    private final List<SqlExecution> sql = new ArrayList<>();
    private final Map<String, String> conf = new HashMap<>();
    private final Map<String, String> systemProperties = new HashMap<>();
    private SourceKind kind = SourceKind.EVENTLOG;
    private boolean complete = true;
    private boolean appCompleted = true;
    private Instant takenAt = T0.plusSeconds(600);
    private String sparkVersion = "4.0.1";
    private String appId = "app-test";
    private String appName = "test app";

    public static Snapshots app() {
        Snapshots s = new Snapshots();
        s.conf.put("spark.master", "yarn");
        s.conf.put("spark.eventLog.enabled", "true");
        s.conf.put("spark.executor.memory", "4g");
        s.conf.put("spark.driver.memory", "2g");
        s.executors.add(executor("driver", 0).build());
        s.executors.add(executor("1", 4).build());
        s.executors.add(executor("2", 4).build());
        return s;
    }

    public Snapshots conf(String key, String value) {
        conf.put(key, value);
        return this;
    }

    public Snapshots noConfig() {
        conf.clear();
        return this;
    }

    public Snapshots running(Instant now) {
        kind = SourceKind.LIVE;
        complete = false;
        appCompleted = false;
        takenAt = now;
        return this;
    }

    public Snapshots cutOffLog() {
        kind = SourceKind.EVENTLOG;
        complete = false;
        appCompleted = false;
        return this;
    }

    /** A finished application that ended at {@code end} (the default is T0 + 600 s). */
    public Snapshots endedAt(Instant end) {
        takenAt = end;
        return this;
    }

    public Snapshots named(String id, String name) {
        appId = id;
        appName = name;
        return this;
    }

    public Snapshots version(String v) {
        sparkVersion = v;
        return this;
    }

    public Snapshots job(Job job) {
        jobs.add(job);
        return this;
    }

    /** A running job of these stages, added before them: their job, as the REST API lists it. */
    public Snapshots runningJob(int... stageIds) {
        jobs.add(new Job(jobs.size(), "job " + jobs.size(), Optional.empty(), Optional.empty(), JobStatus.RUNNING,
                Optional.of(T0.plusSeconds(10)), Optional.empty(), java.util.Arrays.stream(stageIds).boxed().toList(),
                TaskCounts.NONE, 1, stageIds.length - 1, 0, 0, Optional.empty(), Optional.empty()));
        return this;
    }

    public Snapshots stage(StageBuilder stage) {
        stages.add(stage.build());
        if (jobs.stream().noneMatch(j -> j.stageIds().contains(stage.stageId))) {
            jobs.add(new Job(jobs.size(), "job " + jobs.size(), Optional.empty(), Optional.empty(),
                    stage.status == StageStatus.ACTIVE ? JobStatus.RUNNING : stage.status == StageStatus.FAILED ? JobStatus.FAILED : JobStatus.SUCCEEDED,
                    Optional.of(stage.submitted), Optional.ofNullable(stage.completed), List.of(stage.stageId),
                    new TaskCounts(stage.tasks, stage.running, stage.completedTasks, stage.failed, 0, 0), 0, 1, 0, 0,
                    Optional.empty(), Optional.empty()));
        }
        return this;
    }

    public Snapshots executors(ExecutorBuilder... builders) {
        executors.removeIf(e -> !e.isDriver());
        for (ExecutorBuilder b : builders) {
            if (b.id.equals("driver")) {
                executors.removeIf(Executor::isDriver);
            }
            executors.add(b.build());
        }
        return this;
    }

    /** How the driver was started, as its environment's {@code sun.java.command} says. */
    public Snapshots command(String javaCommand) {
        systemProperties.put("sun.java.command", javaCommand);
        return this;
    }

    public Snapshots sql(SqlExecution execution) {
        sql.add(execution);
        return this;
    }

    /** A driver's maxMemory to be made what Spark gives the heap spark.driver.memory asks, when built. */
    private static final long DRIVER_AS_SET = -1;

    public AppSnapshot build() {
        List<Executor> executors = this.executors.stream().map(e -> e.maxMemory() != DRIVER_AS_SET ? e : storageOf(e, conf)).toList();
        Application app = new Application(appId, appName, Optional.of(sparkVersion), "alice", Optional.empty(), T0,
                appCompleted ? Optional.of(takenAt) : Optional.empty(), appCompleted, List.of());
        return new AppSnapshot(new SourceInfo(kind, "test", complete, 0, 0, List.of()), app, jobs, stages, executors, sql,
                new Environment(Optional.of("17"), Optional.empty(), conf, systemProperties), takenAt);
    }

    /** The driver with the storage memory Spark's UnifiedMemoryManager gives its heap: (heap − 300 MiB) × 0.6. */
    private static Executor storageOf(Executor e, Map<String, String> conf) {
        String set = conf.getOrDefault("spark.driver.memory", "1g").strip().toLowerCase(java.util.Locale.ROOT);
        long heap;
        try {
            heap = set.endsWith("g") ? Long.parseLong(set.substring(0, set.length() - 1)) << 30
                    : set.endsWith("m") ? Long.parseLong(set.substring(0, set.length() - 1)) << 20 : Long.parseLong(set) << 20;
        } catch (NumberFormatException x) {
            heap = 1L << 30;
        }
        long storage = Math.max(0, (long) ((heap - (300L << 20)) * 0.6));
        return new Executor(e.id(), e.hostPort(), e.active(), e.totalCores(), e.maxTasks(), e.activeTasks(), e.failedTasks(),
                e.completedTasks(), e.totalTasks(), e.totalDurationMs(), e.totalGcTimeMs(), e.totalInputBytes(), e.totalShuffleRead(),
                e.totalShuffleWrite(), e.memoryUsed(), storage, e.diskUsed(), e.addTime(), e.removeTime(), e.removeReason(),
                e.excluded(), e.peakMemoryMetrics(), e.logUrls());
    }

    /** A job that failed with {@code reason} after {@code completedTasks} tasks finished and {@code failedTasks} failed. */
    public static Job failedJob(int id, String reason, int completedTasks, int failedTasks) {
        return new Job(id, "count at App.scala:10", Optional.empty(), Optional.empty(), JobStatus.FAILED,
                Optional.of(T0.plusSeconds(10)), Optional.of(T0.plusSeconds(12)), List.of(),
                new TaskCounts(completedTasks + failedTasks, 0, completedTasks, failedTasks, 0, 0), 0, 0, 0, 1,
                Optional.empty(), Optional.of(reason));
    }

    public static StageBuilder stage(int id) {
        return new StageBuilder(id);
    }

    /** A stage submitted at {@code submitted} (the default is T0 + 10 s), running 30 s. */
    public static StageBuilder stageAt(int id, Instant submitted) {
        StageBuilder b = new StageBuilder(id);
        b.submitted = submitted;
        b.completed = submitted.plusSeconds(30);
        return b;
    }

    public static ExecutorBuilder executor(String id, int cores) {
        return new ExecutorBuilder(id, cores);
    }

    /** Quantiles with the given median and max, spread evenly around them. */
    public static Quantiles q(double p50, double max) {
        return new Quantiles(p50 * 0.5, p50 * 0.8, p50, p50 * 1.2, max);
    }

    public static final class StageBuilder {
        final int stageId;
        int attempt = 0;
        String name;
        int tasks = 100;
        int completedTasks = 100;
        int running = 0;
        int failed = 0;
        int killed = 0;
        StageStatus status = StageStatus.COMPLETE;
        Instant submitted = T0.plusSeconds(10);
        Instant completed = T0.plusSeconds(40);
        long runTimeMs = 100 * 2_000L;
        long gcMs = 0;
        long input = 0;
        long shuffleRead = 100L * 64 * (1 << 20);
        long shuffleWrite = 0;
        long memSpill = 0;
        long diskSpill = 0;
        long resultSize = 0;
        final EnumMap<TaskMetric, Quantiles> quantiles = new EnumMap<>(TaskMetric.class);
        final List<TaskSample> notable = new ArrayList<>();
        final List<TaskFailure> failures = new ArrayList<>();

        StageBuilder(int id) {
            this.stageId = id;
            quantiles.put(TaskMetric.DURATION, q(2_000, 2_600));
            quantiles.put(TaskMetric.EXECUTOR_RUN_TIME, q(1_900, 2_500));
            quantiles.put(TaskMetric.SHUFFLE_READ_BYTES, q(64 << 20, 70 << 20));
            quantiles.put(TaskMetric.SHUFFLE_READ_RECORDS, q(1_000_000, 1_100_000));
            quantiles.put(TaskMetric.SCHEDULER_DELAY, q(5, 20));
        }

        public StageBuilder tasks(int total, int completed) {
            this.tasks = total;
            this.completedTasks = completed;
            return this;
        }

        /** The stage's name (its call site); by default {@code "stage <id> at Job.scala:42"}. */
        public StageBuilder name(String stageName) {
            this.name = stageName;
            return this;
        }

        public StageBuilder wall(long seconds) {
            this.completed = submitted.plusSeconds(seconds);
            return this;
        }

        public StageBuilder active(int runningTasks) {
            this.status = StageStatus.ACTIVE;
            this.running = runningTasks;
            this.completed = null;
            return this;
        }

        public StageBuilder failed(int failedTasks) {
            this.failed = failedTasks;
            return this;
        }

        public StageBuilder status(StageStatus s) {
            this.status = s;
            return this;
        }

        /** The stage attempt, 0 by default: a retry of a stage is the same id, a later attempt. */
        public StageBuilder attempt(int attemptId) {
            this.attempt = attemptId;
            return this;
        }

        public StageBuilder runTime(long ms) {
            this.runTimeMs = ms;
            return this;
        }

        public StageBuilder gc(long ms) {
            this.gcMs = ms;
            return this;
        }

        public StageBuilder input(long bytes) {
            this.input = bytes;
            return this;
        }

        public StageBuilder shuffleRead(long bytes) {
            this.shuffleRead = bytes;
            return this;
        }

        public StageBuilder shuffleWrite(long bytes) {
            this.shuffleWrite = bytes;
            return this;
        }

        public StageBuilder spill(long memory, long disk) {
            this.memSpill = memory;
            this.diskSpill = disk;
            return this;
        }

        public StageBuilder resultSize(long bytes) {
            this.resultSize = bytes;
            return this;
        }

        public StageBuilder quantiles(TaskMetric metric, Quantiles q) {
            quantiles.put(metric, q);
            return this;
        }

        public StageBuilder noQuantiles() {
            quantiles.clear();
            return this;
        }

        public StageBuilder runningTask(String executor, long ageMs) {
            return runningTask(executor, ageMs, 0);
        }

        /** A running task whose heartbeats reported {@code shuffleReadSoFar} bytes read. */
        public StageBuilder runningTask(String executor, long ageMs, long shuffleReadSoFar) {
            notable.add(new TaskSample(1000 + notable.size(), notable.size(), 0, notable.size(), executor, "host-" + executor,
                    "RUNNING", false, T0, ageMs, 0, 0, 0, shuffleReadSoFar, 0, 0, Optional.empty()));
            return this;
        }

        public StageBuilder failure(String reason, String exceptionClass, String message, int count) {
            failures.add(new TaskFailure(reason, Optional.ofNullable(exceptionClass), message, message, count, 7, "1", "host-1"));
            return this;
        }

        /** A failure whose first line ({@code message}) differs from its full text ({@code detail}). */
        public StageBuilder failure(String reason, String exceptionClass, String message, String detail, int count,
                                    String executor) {
            failures.add(new TaskFailure(reason, Optional.ofNullable(exceptionClass), message, detail, count, 7, executor,
                    "host-" + executor));
            return this;
        }

        /**
         * An attempt killed because another attempt of task {@code index} finished first, as Spark
         * reports it (TaskKilled "another attempt succeeded"): a speculative copy that lost, or an
         * original that lost to its copy; run time {@code durationMs} up to the kill.
         */
        public StageBuilder raceLost(int index, String executor, long durationMs, boolean speculative) {
            killed++;
            runTimeMs += durationMs;
            notable.add(new TaskSample(3000 + notable.size(), index, speculative ? 1 : 0, index, executor, "host-" + executor,
                    "KILLED", speculative, T0, durationMs, durationMs, 0, 0, 0, 0, 0, Optional.of("another attempt succeeded")));
            return this;
        }

        /** A finished task in the stage's notable-task sample (the slowest ones, as sources keep them). */
        public StageBuilder slowTask(int index, String executor, long durationMs) {
            return slowTask(index, executor, durationMs, -1, -1);
        }

        /**
         * A finished task with its own data: {@code input} and {@code shuffleRead} bytes; -1 for
         * either gives the stage's median, so a sample without data says "even".
         */
        public StageBuilder slowTask(int index, String executor, long durationMs, long input, long shuffleRead) {
            long in = input >= 0 ? input : (long) quantiles.getOrDefault(TaskMetric.INPUT_BYTES, Quantiles.ZERO).p50();
            long sr = shuffleRead >= 0 ? shuffleRead
                    : (long) quantiles.getOrDefault(TaskMetric.SHUFFLE_READ_BYTES, Quantiles.ZERO).p50();
            notable.add(new TaskSample(2000 + notable.size(), index, 0, index, executor, "host-" + executor,
                    "SUCCESS", false, T0, durationMs, durationMs, 0, in, sr, 0, 0, Optional.empty()));
            return this;
        }

        Stage build() {
            StageTotals totals = new StageTotals(runTimeMs, runTimeMs * 900_000L, 0, gcMs, resultSize, input, input / 100,
                    0, 0, shuffleRead, shuffleRead / 100, shuffleRead / 2, 0, shuffleWrite, shuffleWrite / 100, 0,
                    memSpill, diskSpill, 0);
            Optional<TaskQuantiles> q = quantiles.isEmpty() ? Optional.empty()
                    : Optional.of(new TaskQuantiles(completedTasks, true, quantiles));
            return new Stage(stageId, attempt, status, name != null ? name : "stage " + stageId + " at Job.scala:42", Optional.empty(), "",
                    List.of(), new TaskCounts(tasks, running, completedTasks, failed, killed, 0), Optional.of(submitted),
                    Optional.of(submitted.plusMillis(50)), Optional.ofNullable(completed), Optional.empty(), totals, q,
                    notable, failures);
        }
    }

    public static final class ExecutorBuilder {
        final String id;
        final int cores;
        long taskTimeMs = 600_000;
        long gcMs = 6_000;
        int completed = 300;
        int failedTasks = 0;
        boolean active = true;
        String host;
        String removeReason;
        Instant added = T0;
        Instant removedAt;
        int maxTasks = -1;
        /**
         * The block manager's storage memory: an executor's 2 GiB; the driver's, unless given, what
         * Spark gives the heap its spark.driver.memory asks (see {@link #build()}), so it reads as its setting.
         */
        long maxMemory = -1;
        final Map<String, Long> peaks = new HashMap<>();
        Map<String, String> logUrls = Map.of();

        ExecutorBuilder(String id, int cores) {
            this.id = id;
            this.cores = cores;
        }

        public ExecutorBuilder taskTime(long ms, long gc) {
            this.taskTimeMs = ms;
            this.gcMs = gc;
            return this;
        }

        public ExecutorBuilder tasks(int completedTasks, int failed) {
            this.completed = completedTasks;
            this.failedTasks = failed;
            return this;
        }

        public ExecutorBuilder host(String name) {
            this.host = name;
            return this;
        }

        public ExecutorBuilder removed(String reason) {
            this.active = false;
            this.removeReason = reason;
            return this;
        }

        /** The executor's log links ({@code executorLogs}): kind to URL. */
        public ExecutorBuilder logs(Map<String, String> links) {
            this.logUrls = links;
            return this;
        }

        public ExecutorBuilder peak(String metric, long value) {
            peaks.put(metric, value);
            return this;
        }

        /** Alive from {@code fromSeconds} after T0 to {@code toSeconds} (then removed, for idleness). */
        public ExecutorBuilder alive(long fromSeconds, long toSeconds) {
            this.added = T0.plusSeconds(fromSeconds);
            this.removedAt = T0.plusSeconds(toSeconds);
            return removed("Executor idle timeout");
        }

        /** The block manager's storage memory (maxMemory), from which the driver's heap is read. */
        public ExecutorBuilder maxMemory(long bytes) {
            this.maxMemory = bytes;
            return this;
        }

        /** Tasks it runs at once, when spark.task.cpus makes that fewer than its cores. */
        public ExecutorBuilder maxTasks(int n) {
            this.maxTasks = n;
            return this;
        }

        Executor build() {
            String h = host != null ? host : id.equals("driver") ? "driver-host" : "host-" + id;
            return new Executor(id, h + ":7337", active, cores, maxTasks >= 0 ? maxTasks : cores, 0,
                    failedTasks, completed, completed + failedTasks, taskTimeMs, gcMs, 0, 0, 0, 0,
                    maxMemory >= 0 ? maxMemory : id.equals("driver") ? DRIVER_AS_SET : 2L << 30, 0,
                    Optional.of(added), removeReason == null ? Optional.empty()
                            : Optional.of(removedAt != null ? removedAt : T0.plusSeconds(300)),
                    Optional.ofNullable(removeReason), false, peaks, logUrls);
        }
    }
}
