package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One attempt of one stage.
 *
 * @param details      Spark's call-site details (the stack of the action that made the stage)
 * @param quantiles    distributions over the stage's finished tasks; empty before any finished
 * @param notableTasks a bounded set of tasks worth showing: the slowest finished ones and the
 *                     ones still running (never the full task list)
 * @param failures     task failures grouped by reason, most frequent first
 */
public record Stage(
        int stageId,
        int attemptId,
        StageStatus status,
        String name,
        Optional<String> description,
        String details,
        List<Integer> jobIds,
        TaskCounts tasks,
        Optional<Instant> submissionTime,
        Optional<Instant> firstTaskLaunchedTime,
        Optional<Instant> completionTime,
        Optional<String> failureReason,
        StageTotals totals,
        Optional<TaskQuantiles> quantiles,
        List<TaskSample> notableTasks,
        List<TaskFailure> failures) {

    public Stage {
        jobIds = List.copyOf(jobIds);
        notableTasks = List.copyOf(notableTasks);
        failures = List.copyOf(failures);
    }

    /** Wall time from submission to completion (or {@code now} while it runs). */
    public Optional<Long> durationMs(Instant now) {
        return submissionTime.map(s -> Math.max(0, completionTime.orElse(now).toEpochMilli() - s.toEpochMilli()));
    }

    public String key() {
        return stageId + "." + attemptId;
    }
}
