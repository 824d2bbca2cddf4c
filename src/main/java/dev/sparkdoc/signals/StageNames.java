package dev.sparkdoc.signals;

import dev.sparkdoc.explain.CallSites;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.MicroBatchDescription;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The one place that decides what a stage or a job is called, in findings, the text report, the
 * JSON and the live view: the name a user recognises, in this order —
 * <ol>
 *   <li>the job description ({@code spark.job.description}, {@code setJobDescription});</li>
 *   <li>the SQL query's description (Spark's call site of the action when no description was set);</li>
 *   <li>the first call site outside Spark, Scala and the JDK: Spark's own name when it found one
 *       ({@code collect at Etl.scala:42}), else the user's frame read from the call-site stack
 *       ({@code details}) as {@code explain} finds it;</li>
 *   <li>Spark's name as it is.</li>
 * </ol>
 * Under AQE, Spark 4 names stages after its pool thread ("$anonfun$withThreadLocalCaptured$2 at
 * CompletableFuture.java:1768"); that name never wins over anything else.
 */
public final class StageNames {

    private static final Pattern SPARK_BROADCAST = Pattern.compile("broadcast exchange \\(runId [0-9a-fA-F-]+\\)");

    private final Function<Stage, Optional<Job>> jobOf;
    private final Function<Integer, Optional<Stage>> latestAttempt;
    private final Function<Long, Optional<SqlExecution>> query;
    /** Call-site stacks are parsed once per stage attempt: the live view asks for every row of every frame. */
    private final Map<String, Optional<String>> callSites = new ConcurrentHashMap<>();

    private StageNames(Function<Stage, Optional<Job>> jobOf, Function<Integer, Optional<Stage>> latestAttempt,
            Function<Long, Optional<SqlExecution>> query) {
        this.jobOf = jobOf;
        this.latestAttempt = latestAttempt;
        this.query = query;
    }

    /** The names of an application's stages and jobs: build them once, with {@link AppContext#names()}. */
    static StageNames of(AppContext ctx) {
        return new StageNames(ctx::jobOf,
                id -> ctx.attempts(id).stream().max(Comparator.comparingInt(Stage::attemptId)), ctx::query);
    }

    /** The names of a snapshot's stages and jobs, as its diagnosis gives them. */
    public static StageNames of(dev.sparkdoc.model.AppSnapshot snapshot) {
        return AppContext.of(snapshot).names();
    }

    /** Names from the stages alone, with no jobs or queries to read. */
    public static StageNames alone() {
        return new StageNames(s -> Optional.empty(), id -> Optional.empty(), id -> Optional.empty());
    }

    /** What a stage is called. */
    public String stage(Stage stage) {
        Optional<Job> job = jobOf.apply(stage);
        return described(stage.description()).map(d -> job.map(j -> ownDescription(j, d)).orElse(d))
                .or(() -> job.flatMap(j -> described(j.description()).map(d -> ownDescription(j, d))))
                .or(() -> job.flatMap(this::queryDescription))
                .or(() -> callSite(stage))
                .or(() -> job.map(Job::name).filter(n -> !meaningless(n)))
                .orElse(stage.name());
    }

    /** What a job is called: the same order, the call site read from its stages, last one first. */
    public String job(Job job) {
        return described(job.description()).map(d -> ownDescription(job, d))
                .or(() -> queryDescription(job))
                .or(() -> Optional.of(job.name()).filter(n -> !meaningless(n)))
                .or(() -> job.stageIds().stream().sorted(Comparator.reverseOrder()).map(latestAttempt).flatMap(Optional::stream)
                        .map(this::callSite).flatMap(Optional::stream).findFirst())
                .orElse(job.name());
    }

    /**
     * Where in the user's code a job was started ("collectAsList at App.java:17"), whatever its
     * description: Spark's name for it when it found one, else a call site read from its stages,
     * last one first; empty when neither names the user's code.
     */
    public Optional<String> callSite(Job job) {
        return Optional.of(job.name()).filter(n -> !meaningless(n))
                .or(() -> job.stageIds().stream().sorted(Comparator.reverseOrder()).map(latestAttempt).flatMap(Optional::stream)
                        .map(this::callSite).flatMap(Optional::stream).findFirst());
    }

    /**
     * The user's own call site of a stage, when its name or its call-site stack has one: "where in
     * my code", shown beside a description.
     */
    public Optional<String> callSite(Stage stage) {
        if (!meaningless(stage.name())) {
            return Optional.of(stage.name());
        }
        return callSites.computeIfAbsent(stage.stageId() + "." + stage.attemptId(), k -> CallSites.userCallSite(stage.details()));
    }

    /**
     * What a stage's findings are grouped by: the code site of its query (the SQL description,
     * e.g. "collect at Etl.scala:42"), else the query, else the stage's recognisable name, else its
     * job. One rule firing on 15 stages of one query, or of a loop running one query 15 times, is
     * one problem to the user.
     */
    Optional<String> group(Stage stage) {
        Optional<Job> job = jobOf.apply(stage);
        Optional<SqlExecution> sql = job.flatMap(Job::sqlExecutionId).flatMap(query);
        if (sql.isPresent()) {
            String site = sql.get().description();
            return Optional.of(meaningless(site) ? "query " + sql.get().id() : "\"" + site + "\"");
        }
        String name = stage(stage);
        if (!meaningless(name)) {
            return Optional.of("\"" + name + "\"");
        }
        return job.map(j -> "job " + j.jobId());
    }

    /**
     * Spark describes the jobs that build a broadcast itself ("broadcast exchange (runId 5e…)"):
     * the query they build it for says more, and the broadcast stays said.
     */
    private String ownDescription(Job job, String description) {
        if (SPARK_BROADCAST.matcher(description).matches()) {
            return queryDescription(job).map(q -> q + " (broadcast exchange)").orElse(description);
        }
        return description;
    }

    private Optional<String> queryDescription(Job job) {
        return job.sqlExecutionId().flatMap(query).map(SqlExecution::description).filter(d -> !meaningless(d));
    }

    private static Optional<String> described(Optional<String> description) {
        return description.filter(d -> !d.isBlank()).map(StageNames::oneLine);
    }

    /**
     * A micro-batch's description ({@code "<name>\nid = …\nrunId = …\nbatch = 4"}, MicroBatchExecution's) as one
     * line a title can hold: {@code orders (micro-batch 4)}; an unnamed query is known by its id's first block.
     */
    static String oneLine(String description) {
        return MicroBatchDescription.parse(description).map(MicroBatchDescription::oneLine).orElse(description);
    }

    /**
     * A call site inside Spark's or the JDK's machinery: AQE's pool threads, and py4j's reflective
     * calls ("collectToPython at NativeMethodAccessorImpl.java:0") when PySpark did not set one.
     */
    static boolean meaningless(String name) {
        return name == null || name.isBlank() || Stream.of("$anonfun$", "CompletableFuture.java", "ThreadPoolExecutor.java",
                "FutureTask.java", "NativeMethodAccessorImpl.java", "DirectMethodHandleAccessor.java", "at Thread.java").anyMatch(name::contains);
    }
}
