package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.source.rest.dto.StageDataDto;
import java.util.List;
import java.util.Locale;

/** {@code StageData} (without details) plus the per-stage extras → {@link Stage}. */
final class StageMapper {

    private StageMapper() {
    }

    /** @param jobIds the jobs listing this stage (StageData itself does not name its jobs) */
    static Stage map(StageDataDto s, List<Integer> jobIds, StageDetails details) {
        StageStatus status = status(s.status());
        return new Stage(
                s.stageId(),
                s.attemptId(),
                status,
                Texts.orEmpty(s.name()),
                Texts.nonBlank(s.description()),
                Texts.orEmpty(s.details()),
                jobIds,
                counts(s, status),
                RestDates.parse(s.submissionTime()),
                RestDates.parse(s.firstTaskLaunchedTime()),
                RestDates.parse(s.completionTime()),
                Texts.nonBlank(s.failureReason()),
                totals(s),
                details.quantiles(),
                details.notableTasks(),
                details.failures());
    }

    static StageStatus status(String status) {
        if (status == null) {
            return StageStatus.PENDING;
        }
        try {
            return StageStatus.valueOf(status.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return StageStatus.PENDING;
        }
    }

    /** Finished stage attempts never change again: what the cache relies on. */
    static boolean finished(StageStatus status) {
        return status == StageStatus.COMPLETE || status == StageStatus.FAILED || status == StageStatus.SKIPPED;
    }

    private static TaskCounts counts(StageDataDto s, StageStatus status) {
        // A skipped stage ran none of its tasks: its output was reused from an earlier stage.
        int skipped = status == StageStatus.SKIPPED ? s.numTasks() : 0;
        return new TaskCounts(s.numTasks(), s.numActiveTasks(), s.numCompleteTasks(), s.numFailedTasks(),
                s.numKilledTasks(), skipped);
    }

    private static StageTotals totals(StageDataDto s) {
        return new StageTotals(
                s.executorRunTime(),
                s.executorCpuTime(),
                s.executorDeserializeTime(),
                s.jvmGcTime(),
                s.resultSize(),
                s.inputBytes(),
                s.inputRecords(),
                s.outputBytes(),
                s.outputRecords(),
                s.shuffleReadBytes(),
                s.shuffleReadRecords(),
                s.shuffleRemoteBytesRead(),
                s.shuffleFetchWaitTime(),
                s.shuffleWriteBytes(),
                s.shuffleWriteRecords(),
                s.shuffleWriteTime(),
                s.memoryBytesSpilled(),
                s.diskBytesSpilled(),
                s.peakExecutionMemory());
    }
}
