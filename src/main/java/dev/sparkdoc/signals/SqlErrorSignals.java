package dev.sparkdoc.signals;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Facts about a query that failed. A query that fails in analysis or planning (a misspelt
 * column, a missing table, a parse error, a closure that does not serialize) runs no job, so no
 * job or stage fact shows it: only the SQL execution's end event ({@code errorMessage}, Spark
 * 3.4+) and its REST status FAILED do. The error is named by the explain classifier, as
 * {@code sparkdoc explain} names it.
 */
public final class SqlErrorSignals {

    private static final ErrorClassifier CLASSIFIER = ErrorClassifier.builtIn();
    /** A headline longer than this is cut: Spark appends the whole analysed plan to AnalysisException's message. */
    private static final int MESSAGE_CHARS = 240;
    /** Spark's short call site, the default description of an action: "collectAsList at Job.java:25". */
    private static final Pattern CALL_SITE = Pattern.compile("\\b\\S+ at [^\\s:]+\\.(?:java|scala|py|R|kt):\\d+\\b");

    public static final FactList FACTS = new FactList(ScopeKind.SQL);
    public static final Fact FAILED = FACTS.flag("sql.failed", "the query ended with an error (status FAILED)");
    public static final Fact FAILED_BEFORE_TASKS = FACTS.flag("sql.failedBeforeTasks",
            "the query failed and no task of it ran: it failed in analysis, planning or while its tasks were serialized");
    public static final Fact JOBS_FAILED = FACTS.count("sql.jobs.failed", "failed jobs of the query");
    public static final Fact ERROR_EXCEPTION = FACTS.text("sql.error.exception",
            "the root exception of the query's error (or Spark's error class), as 'sparkdoc explain' names it");
    public static final Fact ERROR_MESSAGE = FACTS.text("sql.error.message", "the first line of the query's error");
    public static final Fact ERROR_SERIALIZATION = FACTS.flag("sql.error.serialization",
            "the query's error is a serialization error (Task not serializable, Kryo, pickling)");
    public static final Fact ERROR_CANCELLED = FACTS.flag("sql.error.cancelled",
            "the query ended because its job was cancelled (SPARK_JOB_CANCELLED, the application stopping): not an error of the query");
    public static final Fact ERROR_BROADCAST = FACTS.flag("sql.error.broadcast",
            "the query failed because a join's broadcast timed out or was too large (BroadcastExchangeExec)");
    public static final Fact ERROR_ADVICE = FACTS.text("sql.error.advice",
            "what 'sparkdoc explain' advises for the query's error: its first remedy, with the settings");
    public static final Fact CALL_SITE_TEXT = FACTS.text("sql.callSite",
            "where the user's code ran the query: the 'action at File:line' of its description, or its description");

    private SqlErrorSignals() {
    }

    static void compute(AppContext ctx, SqlExecution sql, FactSink sink) {
        boolean failed = failed(sql);
        sink.put(FAILED, failed);
        if (!failed) {
            return;
        }
        List<Job> jobs = jobs(ctx, sql);
        sink.put(FAILED_BEFORE_TASKS, noTaskRan(ctx, jobs))
                .put(JOBS_FAILED, jobs.stream().filter(j -> j.status() == JobStatus.FAILED).count())
                .text(CALL_SITE_TEXT, callSite(sql));
        Optional<String> text = sql.errorMessage()
                .or(() -> jobs.stream().flatMap(j -> JobSignals.failureText(ctx, j).stream()).findFirst());
        // A query whose job was cancelled is the job's cancellation (errors-during.job-cancelled, not-starting);
        // a job cancelled because the query failed (a broadcast's timeout) is no cancellation (JobEnding), nor
        // is a broadcast's job its own BroadcastExchangeExec cancelled when the query's error is not known
        boolean broadcastGaveUp = sql.errorMessage().isEmpty()
                && jobs.stream().anyMatch(j -> JobEnding.of(ctx, j).filter(e -> e.kind() == JobEnding.Kind.BROADCAST).isPresent());
        sink.put(ERROR_CANCELLED, !broadcastGaveUp && (text.flatMap(Cancellation::of).isPresent()
                || jobs.stream().anyMatch(j -> JobEnding.of(ctx, j).filter(JobEnding::cancelled).isPresent())));
        if (text.isEmpty()) {
            // Spark's REST ExecutionData has a status but no error text (sql/core/.../v1/sql/api.scala)
            sink.text(ERROR_MESSAGE, "(its error text is not in Spark's REST answer; the event log and the driver log have it)")
                    .text(ERROR_EXCEPTION, "error")
                    .text(ERROR_ADVICE, "Read the error in the driver log, or triage the application's event log");
            return;
        }
        sink.put(ERROR_BROADCAST, broadcastGaveUp || JobEnding.kind(text.get()) == JobEnding.Kind.BROADCAST);
        name(text.get(), sink);
    }

    /**
     * True when the query failed and none of its tasks ran; the job facts read it too, so that
     * one failure is one finding: the query's, which names what the user ran.
     */
    static boolean failedBeforeTasks(AppContext ctx, SqlExecution sql) {
        return failed(sql) && noTaskRan(ctx, jobs(ctx, sql));
    }

    static boolean failed(SqlExecution sql) {
        return "FAILED".equals(sql.status().toUpperCase(Locale.ROOT)) || sql.errorMessage().isPresent();
    }

    private static boolean noTaskRan(AppContext ctx, List<Job> jobs) {
        return jobs.stream().noneMatch(j -> JobSignals.anyTaskRan(ctx, j));
    }

    private static List<Job> jobs(AppContext ctx, SqlExecution sql) {
        Map<Integer, Job> byId = new LinkedHashMap<>();
        ctx.jobsOfQuery(sql.id()).forEach(j -> byId.put(j.jobId(), j));
        for (List<Integer> ids : List.of(sql.runningJobIds(), sql.successJobIds(), sql.failedJobIds())) {
            ids.forEach(id -> ctx.jobs(id).forEach(j -> byId.putIfAbsent(j.jobId(), j)));
        }
        return List.copyOf(byId.values());
    }

    private static void name(String text, FactSink sink) {
        List<ExplainedError> errors = CLASSIFIER.classify(text);
        Optional<ExplainedError> root = errors.stream().filter(ExplainedError::recognised).findFirst()
                .or(() -> errors.stream().findFirst());
        String headline = bounded(ExceptionNames.headline(text, ""));
        sink.text(ERROR_MESSAGE, headline)
                .text(ERROR_EXCEPTION, root.map(SqlErrorSignals::exception).or(() -> ExceptionNames.first(text)).orElse("error"))
                .put(ERROR_SERIALIZATION, root.map(e -> e.family().equals("serialization")).orElse(false)
                        || FailureKind.classify("", text) == FailureKind.SERIALIZATION)
                .text(ERROR_ADVICE, root.filter(ExplainedError::recognised).flatMap(ExplainedError::firstRemedyLine)
                        .orElse("Read the error: " + headline));
    }

    /** Spark's error class says more than AnalysisException, which carries every analysis error. */
    private static String exception(ExplainedError e) {
        return e.errorClass().map(c -> e.exception().equals(c) ? c : e.exception() + " [" + c + "]").orElse(e.exception());
    }

    private static String callSite(SqlExecution sql) {
        Matcher m = CALL_SITE.matcher(sql.description());
        if (m.find()) {
            return m.group();
        }
        return sql.description().lines().findFirst().orElse("").strip();
    }

    private static String bounded(String line) {
        return line.length() <= MESSAGE_CHARS ? line : line.substring(0, MESSAGE_CHARS - 1) + "…";
    }
}
