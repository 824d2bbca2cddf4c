package dev.sparkdoc.redact;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskFailure;
import java.util.Optional;

/**
 * Secrets in free text, hidden before a snapshot leaves its source. Properties are redacted by
 * the readers; but a JDBC URL with {@code password=…} also sits in a SQL description, a job
 * description ({@code spark.job.description}), a plan node and a failure message, and Spark's
 * own redaction ({@code spark.sql.redaction.string.regex}) is off by default. Every reader goes
 * through {@code Sources.open}, so every output (text, JSON, snapshot files, diff, the TUI) sees
 * the redacted text. Properties are redacted again so a {@code SPARKDOC_REDACT} pattern also
 * applies to snapshot files written without it.
 */
public final class FreeTextRedaction {

    private FreeTextRedaction() {
    }

    public static AppSnapshot apply(AppSnapshot s) {
        Application a = s.application();
        Application app = new Application(a.id(), r(a.name()), a.sparkVersion(), a.user(), a.attemptId(), a.startTime(),
                a.endTime(), a.completed(), a.attempts());
        Environment e = s.environment();
        Environment env = new Environment(e.javaVersion(), e.scalaVersion(), Redaction.properties(e.sparkProperties()),
                Redaction.properties(e.systemProperties()));
        return new AppSnapshot(s.source(), app,
                s.jobs().stream().map(FreeTextRedaction::job).toList(),
                s.stages().stream().map(FreeTextRedaction::stage).toList(),
                s.executors().stream().map(FreeTextRedaction::executor).toList(),
                s.sqlExecutions().stream().map(FreeTextRedaction::sql).toList(),
                env, s.takenAt(), s.taskThreads().stream().map(FreeTextRedaction::thread).toList(),
                s.driverDump().map(FreeTextRedaction::driverDump), s.streamingQueries());
    }

    /** The driver's threads are named and locked by the app as a task's are: redacted alike. */
    private static dev.sparkdoc.model.DriverDump driverDump(dev.sparkdoc.model.DriverDump d) {
        return new dev.sparkdoc.model.DriverDump(d.takenAt(), d.reason(), d.quietMs(), d.answerMs(), d.threadCount(),
                d.threads().stream().map(t -> new dev.sparkdoc.model.DriverThread(Redaction.text(t.threadName()), t.state(), t.frames(),
                        t.blockedBy().map(Redaction::text))).toList());
    }

    /** A lock's or thread's name can quote anything the app named (a file, a URL): redacted like other text. */
    private static dev.sparkdoc.model.TaskThread thread(dev.sparkdoc.model.TaskThread t) {
        return new dev.sparkdoc.model.TaskThread(t.taskId(), t.stageId(), t.stageAttemptId(), t.executorId(), Redaction.text(t.threadName()),
                t.state(), t.frames(), t.blockedBy().map(Redaction::text), t.takenAt());
    }

    private static Job job(Job j) {
        return new Job(j.jobId(), r(j.name()), r(j.description()), j.jobGroup(), j.status(), j.submissionTime(),
                j.completionTime(), j.stageIds(), j.tasks(), j.activeStages(), j.completedStages(), j.skippedStages(),
                j.failedStages(), j.sqlExecutionId(), r(j.failureReason()));
    }

    private static Stage stage(Stage st) {
        return new Stage(st.stageId(), st.attemptId(), st.status(), r(st.name()), r(st.description()), r(st.details()),
                st.jobIds(), st.tasks(), st.submissionTime(), st.firstTaskLaunchedTime(), st.completionTime(),
                r(st.failureReason()), st.totals(), st.quantiles(), st.notableTasks(),
                st.failures().stream().map(FreeTextRedaction::failure).toList());
    }

    private static TaskFailure failure(TaskFailure f) {
        return new TaskFailure(f.reason(), f.exceptionClass(), r(f.message()), r(f.detail()), f.count(), f.firstTaskId(),
                f.executorId(), f.host());
    }

    private static Executor executor(Executor x) {
        return x.removeReason().isEmpty() ? x : new Executor(x.id(), x.hostPort(), x.active(), x.totalCores(), x.maxTasks(),
                x.activeTasks(), x.failedTasks(), x.completedTasks(), x.totalTasks(), x.totalDurationMs(), x.totalGcTimeMs(),
                x.totalInputBytes(), x.totalShuffleRead(), x.totalShuffleWrite(), x.memoryUsed(), x.maxMemory(), x.diskUsed(),
                x.addTime(), x.removeTime(), r(x.removeReason()), x.excluded(), x.peakMemoryMetrics(), x.logUrls());
    }

    private static SqlExecution sql(SqlExecution q) {
        return new SqlExecution(q.id(), r(q.description()), q.status(), q.submissionTime(), q.durationMs(),
                q.runningJobIds(), q.successJobIds(), q.failedJobIds(),
                q.nodes().stream().map(n -> new SqlExecution.PlanNode(n.nodeId(), r(n.name()), n.wholeStageCodegenId(), n.metrics(), r(n.detail()))).toList(),
                q.edges(), r(q.errorMessage()), Redaction.properties(q.modifiedConfigs()));
    }

    private static String r(String text) {
        return Redaction.text(text);
    }

    private static Optional<String> r(Optional<String> text) {
        return text.map(Redaction::text);
    }
}
