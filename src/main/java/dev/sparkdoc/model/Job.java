package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A Spark job.
 *
 * @param sqlExecutionId the SQL execution that started the job ({@code spark.sql.execution.id})
 * @param failureReason  the job's exception message when it failed
 */
public record Job(
        int jobId,
        String name,
        Optional<String> description,
        Optional<String> jobGroup,
        JobStatus status,
        Optional<Instant> submissionTime,
        Optional<Instant> completionTime,
        List<Integer> stageIds,
        TaskCounts tasks,
        int activeStages,
        int completedStages,
        int skippedStages,
        int failedStages,
        Optional<Long> sqlExecutionId,
        Optional<String> failureReason) {

    public Job {
        stageIds = List.copyOf(stageIds);
    }

    public Optional<Long> durationMs(Instant now) {
        return submissionTime.map(s -> Math.max(0, completionTime.orElse(now).toEpochMilli() - s.toEpochMilli()));
    }
}
