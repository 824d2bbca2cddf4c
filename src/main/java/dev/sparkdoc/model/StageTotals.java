package dev.sparkdoc.model;

/**
 * Sums of task metrics over a stage attempt, with Spark's units: times in ms except the
 * {@code Ns} fields (CPU and shuffle-write time are nanoseconds in Spark), sizes in bytes.
 */
public record StageTotals(
        long executorRunTimeMs,
        long executorCpuTimeNs,
        long executorDeserializeTimeMs,
        long jvmGcTimeMs,
        long resultSizeBytes,
        long inputBytes,
        long inputRecords,
        long outputBytes,
        long outputRecords,
        long shuffleReadBytes,
        long shuffleReadRecords,
        long shuffleRemoteBytesRead,
        long shuffleFetchWaitTimeMs,
        long shuffleWriteBytes,
        long shuffleWriteRecords,
        long shuffleWriteTimeNs,
        long memoryBytesSpilled,
        long diskBytesSpilled,
        long peakExecutionMemory) {

    public static final StageTotals ZERO = new StageTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
