package dev.sparkdoc.source.rest.dto;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * {@code ExecutorSummary} from {@code allexecutors}. {@code peakMemoryMetrics} is absent until
 * the first heartbeat (Spark writes it only once a metric is set). {@code isBlacklisted} is the
 * pre-3.1 name of {@code isExcluded}.
 */
public record ExecutorSummaryDto(
        String id,
        String hostPort,
        @JsonProperty("isActive") boolean isActive,
        int totalCores,
        int maxTasks,
        int activeTasks,
        int failedTasks,
        int completedTasks,
        int totalTasks,
        long totalDuration,
        @JsonProperty("totalGCTime") long totalGCTime,
        long totalInputBytes,
        long totalShuffleRead,
        long totalShuffleWrite,
        long memoryUsed,
        long maxMemory,
        long diskUsed,
        String addTime,
        String removeTime,
        String removeReason,
        @JsonProperty("isExcluded") boolean isExcluded,
        @JsonProperty("isBlacklisted") boolean isBlacklisted,
        Map<String, Long> peakMemoryMetrics,
        Map<String, String> executorLogs) {

    public ExecutorSummaryDto {
        peakMemoryMetrics = Lists.orEmpty(peakMemoryMetrics);
        executorLogs = Lists.orEmpty(executorLogs);
    }
}
