package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Executor;
import dev.sparkdoc.source.rest.dto.ExecutorSummaryDto;

/** {@code ExecutorSummary} → {@link Executor}. */
final class ExecutorMapper {

    private ExecutorMapper() {
    }

    static Executor map(ExecutorSummaryDto e) {
        return new Executor(
                Texts.orEmpty(e.id()),
                Texts.orEmpty(e.hostPort()),
                e.isActive(),
                e.totalCores(),
                e.maxTasks(),
                e.activeTasks(),
                e.failedTasks(),
                e.completedTasks(),
                e.totalTasks(),
                e.totalDuration(),
                e.totalGCTime(),
                e.totalInputBytes(),
                e.totalShuffleRead(),
                e.totalShuffleWrite(),
                e.memoryUsed(),
                e.maxMemory(),
                e.diskUsed(),
                RestDates.parse(e.addTime()),
                RestDates.parse(e.removeTime()),
                Texts.nonBlank(e.removeReason()),
                // isBlacklisted is the pre-3.1 name; 3.x still writes both.
                e.isExcluded() || e.isBlacklisted(),
                e.peakMemoryMetrics(),
                e.executorLogs());
    }
}
