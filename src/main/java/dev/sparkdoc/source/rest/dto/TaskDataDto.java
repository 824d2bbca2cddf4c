package dev.sparkdoc.source.rest.dto;

/**
 * {@code TaskData} from {@code taskList}. {@code duration} is absent for old logs and stale for
 * a running task; {@code taskMetrics} is absent until the task reports metrics.
 */
public record TaskDataDto(
        long taskId,
        int index,
        int attempt,
        int partitionId,
        String launchTime,
        Long duration,
        String executorId,
        String host,
        String status,
        boolean speculative,
        String errorMessage,
        TaskMetricsDto taskMetrics) {

    /** {@code TaskMetrics}, the parts sparkdoc keeps per task. */
    public record TaskMetricsDto(
            long executorRunTime,
            long jvmGcTime,
            long memoryBytesSpilled,
            long diskBytesSpilled,
            InputMetrics inputMetrics,
            ShuffleReadMetrics shuffleReadMetrics,
            ShuffleWriteMetrics shuffleWriteMetrics) {
    }

    public record InputMetrics(long bytesRead, long recordsRead) {
    }

    public record ShuffleReadMetrics(long remoteBytesRead, long localBytesRead, long recordsRead) {
    }

    public record ShuffleWriteMetrics(long bytesWritten, long writeTime, long recordsWritten) {
    }
}
