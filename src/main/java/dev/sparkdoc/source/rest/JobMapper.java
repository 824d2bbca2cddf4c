package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.source.rest.dto.JobDataDto;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@code JobData} → {@link Job}. */
final class JobMapper {

    private JobMapper() {
    }

    /**
     * @param sqlExecutionByJob job id → SQL execution id, from the SQL executions' job lists (the
     *                          job JSON does not carry {@code spark.sql.execution.id})
     */
    static Job map(JobDataDto j, Map<Integer, Long> sqlExecutionByJob) {
        return new Job(
                j.jobId(),
                Texts.orEmpty(j.name()),
                Texts.nonBlank(j.description()),
                Texts.nonBlank(j.jobGroup()),
                status(j.status()),
                RestDates.parse(j.submissionTime()),
                RestDates.parse(j.completionTime()),
                j.stageIds(),
                new TaskCounts(j.numTasks(), j.numActiveTasks(), j.numCompletedTasks(), j.numFailedTasks(),
                        j.numKilledTasks(), j.numSkippedTasks()),
                j.numActiveStages(),
                j.numCompletedStages(),
                j.numSkippedStages(),
                j.numFailedStages(),
                Optional.ofNullable(sqlExecutionByJob.get(j.jobId())),
                // JobData has no failure text; the failed stage's failureReason carries it.
                Optional.empty());
    }

    static JobStatus status(String status) {
        if (status == null) {
            return JobStatus.UNKNOWN;
        }
        try {
            return JobStatus.valueOf(status.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return JobStatus.UNKNOWN;
        }
    }
}
