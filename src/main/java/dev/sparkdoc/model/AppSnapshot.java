package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything sparkdoc knows about one application attempt at one moment, read the same way
 * from a live driver, a History Server, an event log or a saved snapshot file.
 */
public record AppSnapshot(
        SourceInfo source,
        Application application,
        List<Job> jobs,
        List<Stage> stages,
        List<Executor> executors,
        List<SqlExecution> sqlExecutions,
        Environment environment,
        Instant takenAt,
        List<TaskThread> taskThreads,
        Optional<DriverDump> driverDump,
        List<StreamingQuery> streamingQueries) {

    public AppSnapshot {
        // nor a driver's dump
        driverDump = driverDump == null ? Optional.empty() : driverDump;
        // a snapshot file written before thread dumps were kept has none
        taskThreads = taskThreads == null ? List.of() : List.copyOf(taskThreads);
        jobs = List.copyOf(jobs);
        stages = List.copyOf(stages);
        executors = List.copyOf(executors);
        sqlExecutions = List.copyOf(sqlExecutions);
        // only an event log has them; a snapshot file saved before they were kept has none
        streamingQueries = streamingQueries == null ? List.of() : List.copyOf(streamingQueries);
    }

    /** A snapshot without streaming queries: the REST sources' (Spark's REST API has no streaming endpoint). */
    public AppSnapshot(SourceInfo source, Application application, List<Job> jobs, List<Stage> stages, List<Executor> executors,
                       List<SqlExecution> sqlExecutions, Environment environment, Instant takenAt, List<TaskThread> taskThreads,
                       Optional<DriverDump> driverDump) {
        this(source, application, jobs, stages, executors, sqlExecutions, environment, takenAt, taskThreads, driverDump, List.of());
    }

    /** A snapshot without thread dumps: every source but a live driver's. */
    public AppSnapshot(SourceInfo source, Application application, List<Job> jobs, List<Stage> stages, List<Executor> executors,
                       List<SqlExecution> sqlExecutions, Environment environment, Instant takenAt) {
        this(source, application, jobs, stages, executors, sqlExecutions, environment, takenAt, List.of(), Optional.empty(), List.of());
    }

    /** This snapshot with {@code threads} as its task threads. */
    public AppSnapshot withTaskThreads(List<TaskThread> threads) {
        return new AppSnapshot(source, application, jobs, stages, executors, sqlExecutions, environment, takenAt, threads, driverDump, streamingQueries);
    }

    /** This snapshot with {@code dump} as the driver's thread dump. */
    public AppSnapshot withDriverDump(Optional<DriverDump> dump) {
        return new AppSnapshot(source, application, jobs, stages, executors, sqlExecutions, environment, takenAt, taskThreads, dump, streamingQueries);
    }

    /** This snapshot with {@code queries} as its streaming queries. */
    public AppSnapshot withStreamingQueries(List<StreamingQuery> queries) {
        return new AppSnapshot(source, application, jobs, stages, executors, sqlExecutions, environment, takenAt, taskThreads,
                driverDump, queries);
    }

    public Optional<Stage> stage(int stageId, int attemptId) {
        return stages.stream().filter(s -> s.stageId() == stageId && s.attemptId() == attemptId).findFirst();
    }

    public Optional<Job> job(int jobId) {
        return jobs.stream().filter(j -> j.jobId() == jobId).findFirst();
    }

    public Optional<Executor> executor(String id) {
        return executors.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /** Sum of task counts over all stage attempts (what the Spark UI's stage table adds up). */
    public long totalTasks() {
        return stages.stream().mapToLong(s -> s.tasks().total()).sum();
    }

    /**
     * Task attempts that ran (finished, failed, killed or running): a skipped stage's tasks never
     * run (its shuffle output was reused), nor do a pending stage's yet, though both count them.
     */
    public long tasksRun() {
        return stages.stream().mapToLong(s -> s.tasks().completed() + s.tasks().failed() + s.tasks().killed()
                + s.tasks().active()).sum();
    }
}
