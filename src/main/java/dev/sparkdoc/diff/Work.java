package dev.sparkdoc.diff;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One run's work in the order it was created, each piece with a label that stays the same
 * between runs of the same code: what {@link Alignment} lines up. Ids do not survive a second
 * run (an extra job shifts them all); descriptions, call sites and the shape of a stage do.
 */
public final class Work {

    private final AppSnapshot snapshot;
    private final Map<Integer, Job> jobOfStage = new LinkedHashMap<>();

    public Work(AppSnapshot snapshot) {
        this.snapshot = snapshot;
        for (Job job : snapshot.jobs()) {
            job.stageIds().forEach(id -> jobOfStage.putIfAbsent(id, job));
        }
        for (Stage s : snapshot.stages()) {
            s.jobIds().stream().findFirst().flatMap(snapshot::job).ifPresent(j -> jobOfStage.putIfAbsent(s.stageId(), j));
        }
    }

    public AppSnapshot snapshot() {
        return snapshot;
    }

    /**
     * Stages that ran, the last attempt of each, in creation order (stage ids grow in the order
     * Spark's DAGScheduler creates stages, which the same plan repeats; submission times of
     * independent stages race). Skipped and never-started stages did no work.
     */
    public List<Stage> stages() {
        Map<Integer, Stage> last = new LinkedHashMap<>();
        snapshot.stages().stream()
                .filter(s -> s.status() != StageStatus.SKIPPED && s.status() != StageStatus.PENDING)
                .sorted(Comparator.comparingInt(Stage::stageId).thenComparingInt(Stage::attemptId))
                .forEach(s -> last.put(s.stageId(), s));
        return List.copyOf(last.values());
    }

    public List<Job> jobs() {
        return snapshot.jobs().stream().sorted(Comparator.comparingInt(Job::jobId)).toList();
    }

    public List<SqlExecution> queries() {
        return snapshot.sqlExecutions().stream().sorted(Comparator.comparingLong(SqlExecution::id)).toList();
    }

    public Optional<Job> jobOf(Stage stage) {
        return Optional.ofNullable(jobOfStage.get(stage.stageId()));
    }

    public Optional<SqlExecution> queryOf(Job job) {
        return job.sqlExecutionId().flatMap(id -> snapshot.sqlExecutions().stream().filter(q -> q.id() == id).findFirst());
    }

    public Optional<SqlExecution> queryOf(Stage stage) {
        return jobOf(stage).flatMap(this::queryOf);
    }

    /** A query by its description (the SQL text, or the action's call site for DataFrame code). */
    public static String label(SqlExecution q) {
        return "sql:" + q.description().strip();
    }

    /** A job by its query, else its description, else its call site. */
    public String label(Job job) {
        Optional<SqlExecution> q = queryOf(job);
        if (q.isPresent()) {
            return label(q.get());
        }
        Optional<String> description = job.description().filter(d -> !d.isBlank());
        if (description.isPresent()) {
            return "job:" + description.get();
        }
        return "job:" + (meaningless(job.name()) ? "" : job.name());
    }

    /**
     * A stage by its owner (query or job) and its shape: whether it reads input or shuffle data
     * and writes shuffle data or output. The shape survives more data, another partitioning and
     * another Spark version; the name does not always (under AQE Spark names stages after
     * internal call sites, and 3.5 and 4.0 name them differently), so it is used only outside SQL.
     */
    public String label(Stage stage) {
        Optional<Job> job = jobOf(stage);
        String owner = job.map(this::label).orElse("job:");
        boolean inSql = job.flatMap(this::queryOf).isPresent();
        String name = inSql || meaningless(stage.name()) ? "" : stage.name();
        return owner + "|" + shape(stage.totals()) + "|" + name;
    }

    static String shape(StageTotals t) {
        StringBuilder s = new StringBuilder();
        s.append(t.inputRecords() > 0 || t.inputBytes() > 0 ? "in" : "-");
        s.append(t.shuffleReadRecords() > 0 || t.shuffleReadBytes() > 0 ? ",shuffle-in" : ",-");
        s.append(t.shuffleWriteRecords() > 0 || t.shuffleWriteBytes() > 0 ? ",shuffle-out" : ",-");
        s.append(t.outputRecords() > 0 || t.outputBytes() > 0 ? ",out" : ",-");
        return s.toString();
    }

    /** Spark's internal call sites name no user code (the same test as the signals' stage names). */
    static boolean meaningless(String name) {
        return name.isBlank() || name.contains("$anonfun$") || name.contains("CompletableFuture.java")
                || name.contains("ThreadPoolExecutor.java") || name.contains("FutureTask.java");
    }
}
