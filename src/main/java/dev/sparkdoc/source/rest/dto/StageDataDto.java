package dev.sparkdoc.source.rest.dto;

/**
 * {@code StageData} as {@code stages} returns it without {@code details}: counts and sums only,
 * no tasks. Times in ms except {@code executorCpuTime} and {@code shuffleWriteTime} (ns).
 */
public record StageDataDto(
        String status,
        int stageId,
        int attemptId,
        int numTasks,
        int numActiveTasks,
        int numCompleteTasks,
        int numFailedTasks,
        int numKilledTasks,
        String submissionTime,
        String firstTaskLaunchedTime,
        String completionTime,
        String failureReason,
        long executorDeserializeTime,
        long executorRunTime,
        long executorCpuTime,
        long resultSize,
        long jvmGcTime,
        long memoryBytesSpilled,
        long diskBytesSpilled,
        long peakExecutionMemory,
        long inputBytes,
        long inputRecords,
        long outputBytes,
        long outputRecords,
        long shuffleRemoteBytesRead,
        long shuffleFetchWaitTime,
        long shuffleReadBytes,
        long shuffleReadRecords,
        long shuffleWriteBytes,
        long shuffleWriteTime,
        long shuffleWriteRecords,
        String name,
        String description,
        String details) {

    public String key() {
        return stageId + "." + attemptId;
    }
}
