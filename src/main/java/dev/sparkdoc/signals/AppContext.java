package dev.sparkdoc.signals;

import dev.sparkdoc.facts.InForce;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What several signal classes need about the whole application, computed once: the slots it
 * had, its configuration with Spark's defaults, and the links between jobs, stages and queries.
 */
public final class AppContext {

    static final long MIB = 1L << 20;
    static final long GIB = 1L << 30;

    private final AppSnapshot snapshot;
    private final int slots;
    private final Map<Integer, Job> jobByStage = new HashMap<>();
    private final Map<Long, PlanGraph> plans = new HashMap<>();
    /** Built on first use: a query's facts look up its jobs and stages, 1,000s of queries per app. */
    private Map<Integer, List<Job>> jobsById;
    private Map<Long, List<Job>> jobsBySql;
    private Map<Integer, List<Stage>> attemptsByStage;
    private Map<Long, dev.sparkdoc.model.SqlExecution> queryById;
    private Settings settings;
    private StageNames names;
    private DriverHeapSize driverHeap;

    private final Optional<DriverLog> driverLog;
    private final PostMortem postMortem;

    private AppContext(AppSnapshot snapshot, Optional<DriverLog> driverLog) {
        this.snapshot = snapshot;
        this.driverLog = driverLog;
        this.postMortem = PostMortem.of(snapshot, driverLog);
        this.slots = countSlots(snapshot.executors());
        for (Job job : snapshot.jobs()) {
            for (int stageId : job.stageIds()) {
                jobByStage.putIfAbsent(stageId, job);
            }
        }
    }

    public static AppContext of(AppSnapshot snapshot) {
        return new AppContext(snapshot, Optional.empty());
    }

    public static AppContext of(AppSnapshot snapshot, Optional<DriverLog> driverLog) {
        return new AppContext(snapshot, driverLog);
    }

    public Optional<DriverLog> driverLog() {
        return driverLog;
    }

    /** Crashed, live or undecided: one verdict for every fact that depends on it. */
    public PostMortem postMortem() {
        return postMortem;
    }

    public AppSnapshot snapshot() {
        return snapshot;
    }

    /** The moment the snapshot was taken: "now" for running stages and tasks. */
    public Instant now() {
        return snapshot.takenAt();
    }

    public Scope appScope() {
        return Scope.app(snapshot.application().id(), snapshot.application().name());
    }

    /**
     * Task slots: the cores of the executors (the driver's in local mode, where it is the only
     * executor). Dead executors count when none is alive, so a finished app still has its slots.
     */
    public int slots() {
        return slots;
    }

    /** Slots a stage could use: the app's, but no more than it has tasks (and at least one). */
    public int slots(Stage stage) {
        return Math.max(1, Math.min(slots, stage.tasks().total()));
    }

    private int countSlots(List<Executor> executors) {
        List<Executor> workers = executors.stream().filter(e -> !e.isDriver()).toList();
        int active = workers.stream().filter(Executor::active).mapToInt(this::slotsOf).sum();
        if (active > 0) {
            return active;
        }
        int all = workers.stream().mapToInt(this::slotsOf).sum();
        if (all > 0) {
            return all;
        }
        return Math.max(1, executors.stream().filter(Executor::isDriver).mapToInt(this::slotsOf).max().orElse(1));
    }

    /**
     * Tasks one executor runs at once, as Spark's ResourceProfile counts them: its cores over
     * {@code spark.task.cpus} (the executor's maxTasks), and on a GPU application no more than its
     * GPUs over each task's share ({@code spark.executor/task.resource.gpu.amount}): whichever
     * resource runs out first.
     */
    public int slotsOf(Executor e) {
        int byCpu = e.maxTasks() > 0 ? Math.min(e.maxTasks(), e.totalCores()) : e.totalCores();
        // a resource request has no default: unset, the application asked for no GPU (0)
        double gpus = settings().number("spark.executor.resource.gpu.amount", 0);
        double perTask = settings().number("spark.task.resource.gpu.amount", 0);
        if (gpus > 0 && perTask > 0) {
            // 1/16 is written 0.0625 and must give 16, not 15.999…
            int byGpu = (int) Math.floor(gpus / perTask + 1e-9);
            return Math.max(1, Math.min(byCpu, byGpu));
        }
        return byCpu;
    }

    /** A query's plan as a graph, built once and shared by the app's and the query's facts. */
    PlanGraph plan(dev.sparkdoc.model.SqlExecution sql) {
        return plans.computeIfAbsent(sql.id(), id -> new PlanGraph(sql));
    }

    /** Jobs with this id (one, in any snapshot Spark wrote). */
    List<Job> jobs(int jobId) {
        if (jobsById == null) {
            jobsById = new HashMap<>();
            jobsBySql = new HashMap<>();
            for (Job job : snapshot.jobs()) {
                jobsById.computeIfAbsent(job.jobId(), id -> new ArrayList<>(1)).add(job);
                job.sqlExecutionId().ifPresent(sql -> jobsBySql.computeIfAbsent(sql, id -> new ArrayList<>()).add(job));
            }
        }
        return jobsById.getOrDefault(jobId, List.of());
    }

    /** The jobs that name this query in their properties (spark.sql.execution.id). */
    List<Job> jobsOfQuery(long sqlId) {
        jobs(0);
        return jobsBySql.getOrDefault(sqlId, List.of());
    }

    /**
     * Every attempt of every stage of a query's jobs: those the query lists and those naming it
     * in their properties (a live query lists only some while they run).
     */
    List<Stage> stagesOfQuery(dev.sparkdoc.model.SqlExecution sql) {
        java.util.Set<Integer> jobIds = new java.util.HashSet<>();
        jobIds.addAll(sql.runningJobIds());
        jobIds.addAll(sql.successJobIds());
        jobIds.addAll(sql.failedJobIds());
        jobsOfQuery(sql.id()).forEach(job -> jobIds.add(job.jobId()));
        java.util.Set<Integer> stageIds = new java.util.TreeSet<>();
        jobIds.forEach(id -> jobs(id).forEach(j -> stageIds.addAll(j.stageIds())));
        List<Stage> out = new ArrayList<>();
        stageIds.forEach(id -> out.addAll(attempts(id)));
        return out;
    }

    /** Every attempt of a stage, in snapshot order. */
    List<Stage> attempts(int stageId) {
        if (attemptsByStage == null) {
            attemptsByStage = new HashMap<>();
            for (Stage stage : snapshot.stages()) {
                attemptsByStage.computeIfAbsent(stage.stageId(), id -> new ArrayList<>(1)).add(stage);
            }
        }
        return attemptsByStage.getOrDefault(stageId, List.of());
    }

    /** What stages and jobs are called (built on first use). */
    public StageNames names() {
        if (names == null) {
            names = StageNames.of(this);
        }
        return names;
    }

    /** The job that ran a stage (the first one, for stages shared by several jobs). */
    public Optional<Job> jobOf(Stage stage) {
        return Optional.ofNullable(jobByStage.get(stage.stageId()));
    }

    /** The SQL query whose job ran a stage, if any. */
    Optional<dev.sparkdoc.model.SqlExecution> queryOf(Stage stage) {
        return jobOf(stage).flatMap(Job::sqlExecutionId).flatMap(this::query);
    }

    /** A SQL query by id: one map for the app, since every stage and job asks. */
    Optional<dev.sparkdoc.model.SqlExecution> query(long id) {
        if (queryById == null) {
            queryById = new HashMap<>();
            for (dev.sparkdoc.model.SqlExecution q : snapshot.sqlExecutions()) {
                queryById.putIfAbsent(q.id(), q);
            }
        }
        return Optional.ofNullable(queryById.get(id));
    }

    /** The configuration in force for a stage: its query's own session settings over the app's. */
    Settings settingsOf(Stage stage) {
        return queryOf(stage).map(q -> settings().forQuery(q)).orElse(settings());
    }

    /** The application's configuration in force, with Spark's defaults for its version. */
    public Settings settings() {
        if (settings == null) {
            settings = Settings.ofApp(this);
        }
        return settings;
    }

    /** The settings remedies are checked against: spark.driver.memory as the driver's heap really was, where measured. */
    InForce inForce() {
        return driverHeap().measured() ? new MeasuredDriverHeap(settings(), driverHeap()) : settings();
    }

    /** The driver's heap as the JVM had it: the block manager's evidence over spark.driver.memory where they differ. */
    DriverHeapSize driverHeap() {
        if (driverHeap == null) {
            driverHeap = DriverHeapSize.of(settings(), snapshot);
        }
        return driverHeap;
    }

    /** True when the snapshot has the application's configuration at all. */
    public boolean hasConfig() {
        return settings().known();
    }

    /** The overhead in force for a JVM of {@code heap} ("executor" or "driver"), with its derivation. */
    Overhead overhead(String role, long heap) {
        boolean kubernetes = settings().get("spark.master").map(m -> m.value().startsWith("k8s://")).orElse(false);
        return Overhead.of(settings(), role, heap, kubernetes);
    }

    /** The major and minor Spark version, e.g. 3.5 → 305; 0 when unknown. */
    public int sparkVersion() {
        return snapshot.application().sparkVersion().map(AppContext::versionNumber).orElse(0);
    }

    static int versionNumber(String version) {
        String[] parts = version.split("[.-]");
        try {
            return Integer.parseInt(parts[0]) * 100 + (parts.length > 1 ? Integer.parseInt(parts[1]) : 0);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
