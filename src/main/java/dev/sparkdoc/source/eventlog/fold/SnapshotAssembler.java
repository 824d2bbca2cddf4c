package dev.sparkdoc.source.eventlog.fold;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.redact.Redaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns the folded state into the immutable snapshot model. */
public final class SnapshotAssembler {

    private final EventFolders f;
    /**
     * The moment the snapshot describes: the application's end, else the log's last event (a cut
     * log stops there, never later), else when the log was last written (cut before any timed
     * event: never 1970).
     */
    private final long asOf;
    /** The application's start: its ApplicationStart, else the log's first event; -1 when neither. */
    private final long start;
    private final List<String> notes = new ArrayList<>();

    public SnapshotAssembler(EventFolders folders, Instant lastWritten) {
        this.f = folders;
        LogClock clock = folders.clock;
        boolean started = folders.app.startTime >= LogClock.PLAUSIBLE_FROM;
        this.start = started ? folders.app.startTime : clock.first();
        if (!started && start > 0) {
            notes.add("no application start event: times start at the first event");
        }
        long last = clock.last();
        TimeSanity sanity = new TimeSanity(start, last);
        sanity.apply(folders);
        notes.addAll(sanity.notes());
        if (clock.aheadOfTheLog() > 0 && notes.size() == (started ? 0 : 1)) {
            notes.add(String.format(java.util.Locale.ROOT, "%,d event time(s) ahead of the events written after them"
                    + " ignored (an edited log, or a clock that jumped): the log ends at %s", clock.aheadOfTheLog(),
                    Instant.ofEpochMilli(last)));
        }
        long end = folders.app.endTime > 0 ? Math.min(folders.app.endTime, Math.max(last, start)) : last;
        long latest = Math.max(end, start);
        this.asOf = latest > 0 ? latest : lastWritten.toEpochMilli();
    }

    /** The snapshot; its source info gets the notes on what in the log was inconsistent. */
    public AppSnapshot snapshot(SourceInfo source, String fallbackAppId) {
        List<Job> jobs = jobs();
        notes.addAll(f.skipped.notes());
        List<String> all = new ArrayList<>(source.notes());
        all.addAll(notes);
        SourceInfo noted = source.withNotes(all);
        return new AppSnapshot(noted, application(fallbackAppId), jobs, stages(), executors(), sqlExecutions(),
                f.app.environment, Instant.ofEpochMilli(Math.max(0, asOf))).withStreamingQueries(f.streaming.queries());
    }

    private Application application(String fallbackAppId) {
        AppFolder a = f.app;
        String id = a.appId != null ? a.appId : fallbackAppId;
        Instant startTime = Instant.ofEpochMilli(Math.max(0, start));
        Optional<Instant> end = StageState.time(a.endTime > 0 ? asOf : -1);
        Optional<String> attempt = Optional.ofNullable(a.attemptId);
        Optional<String> version = Optional.ofNullable(a.sparkVersion);
        String user = a.user == null ? "" : a.user;
        Application.Attempt only = new Application.Attempt(attempt, startTime, end, user, a.ended, version);
        return new Application(id, a.appName == null ? id : a.appName, version, user, attempt, startTime, end, a.ended,
                List.of(only));
    }

    private List<Stage> stages() {
        List<Stage> out = new ArrayList<>();
        f.jobStages.stages.values().forEach(s -> out.add(s.toStage(asOf)));
        out.sort(Comparator.comparingInt(Stage::stageId).reversed().thenComparing(Stage::attemptId, Comparator.reverseOrder()));
        return out;
    }

    private List<Job> jobs() {
        List<Job> out = new ArrayList<>();
        for (JobState j : f.jobStages.jobs.values()) {
            if (!j.started) {
                // a JobEnd whose JobStart never came: no stages, name or start to show
                f.skipped.add("JobEnd without its JobStart");
                continue;
            }
            int active = 0;
            int completed = 0;
            int failed = 0;
            int skipped = 0;
            int skippedTasks = 0;
            for (int stageId : j.stageIds) {
                for (StageState s : f.jobStages.attempts(stageId)) {
                    if (!s.jobIds.contains(j.jobId)) {
                        continue;
                    }
                    switch (s.status) {
                        case ACTIVE -> active++;
                        case COMPLETE -> completed++;
                        case FAILED -> failed++;
                        case SKIPPED -> {
                            skipped++;
                            skippedTasks += s.numTasks;
                        }
                        case PENDING -> { }
                    }
                }
            }
            TaskCounts tasks = new TaskCounts(j.numTasks, j.activeTasks, j.completedTasks, j.failedTasks,
                    j.killedTasks, skippedTasks);
            out.add(new Job(j.jobId, j.name, Optional.ofNullable(j.description), Optional.ofNullable(j.jobGroup),
                    j.status, StageState.time(j.submissionTime), StageState.time(j.completionTime), j.stageIds, tasks,
                    active, completed, skipped, failed, Optional.ofNullable(j.sqlExecutionId),
                    Optional.ofNullable(j.failureReason)));
        }
        out.sort(Comparator.comparingInt(Job::jobId).reversed());
        return out;
    }

    private List<Executor> executors() {
        List<Executor> out = new ArrayList<>();
        f.executors.executors.values().forEach(x -> out.add(x.toExecutor(f.app.taskCpus, f.metricNames)));
        return out;
    }

    private List<SqlExecution> sqlExecutions() {
        Map<Long, List<JobState>> jobsBySql = new HashMap<>();
        for (JobState j : f.jobStages.jobs.values()) {
            if (j.sqlExecutionId != null) {
                jobsBySql.computeIfAbsent(j.sqlExecutionId, id -> new ArrayList<>()).add(j);
            }
        }
        List<SqlExecution> out = new ArrayList<>();
        for (SqlFolder.SqlState s : f.sql.executions.values()) {
            List<Integer> running = new ArrayList<>();
            List<Integer> succeeded = new ArrayList<>();
            List<Integer> failed = new ArrayList<>();
            for (JobState j : jobsBySql.getOrDefault(s.id, List.of())) {
                (j.status == JobStatus.SUCCEEDED ? succeeded : j.status == JobStatus.FAILED ? failed : running)
                        .add(j.jobId);
            }
            // Before Spark 3.4 there is no errorMessage: a failed job marks the query failed.
            String status = !s.ended ? "RUNNING" : s.errorMessage != null || !failed.isEmpty() ? "FAILED" : "COMPLETED";
            long end = s.ended && s.endTime > 0 ? s.endTime : asOf;
            long duration = s.startTime > 0 ? Math.max(0, end - s.startTime) : 0;
            out.add(new SqlExecution(s.id, s.description, status, StageState.time(s.startTime), duration, running,
                    succeeded, failed, PlanMetrics.nodes(s.plan, f.sql.accumulators), s.plan.edges(),
                    Optional.ofNullable(s.errorMessage), Redaction.properties(s.modifiedConfigs)));
        }
        out.sort(Comparator.comparingLong(SqlExecution::id).reversed());
        return out;
    }
}
