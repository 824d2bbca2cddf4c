package dev.sparkdoc.source.rest.dto;

import java.util.List;

/** {@code JobData}. */
public record JobDataDto(
        int jobId,
        String name,
        String description,
        String submissionTime,
        String completionTime,
        List<Integer> stageIds,
        String jobGroup,
        String status,
        int numTasks,
        int numActiveTasks,
        int numCompletedTasks,
        int numSkippedTasks,
        int numFailedTasks,
        int numKilledTasks,
        int numActiveStages,
        int numCompletedStages,
        int numSkippedStages,
        int numFailedStages) {

    public JobDataDto {
        stageIds = Lists.orEmpty(stageIds);
    }
}
