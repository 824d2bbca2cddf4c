package dev.sparkdoc.model;

import java.time.Instant;
import java.util.Optional;

/**
 * One task kept as evidence (a straggler, a running task, a failure).
 *
 * @param durationMs for a running task, time since launch at snapshot time (Spark's own value is
 *                   stale while a task runs)
 */
public record TaskSample(
        long taskId,
        int index,
        int attempt,
        int partitionId,
        String executorId,
        String host,
        String status,
        boolean speculative,
        Instant launchTime,
        long durationMs,
        long executorRunTimeMs,
        long jvmGcTimeMs,
        long inputBytes,
        long shuffleReadBytes,
        long shuffleWriteBytes,
        long bytesSpilled,
        Optional<String> errorMessage) {

    public boolean running() {
        return "RUNNING".equals(status);
    }
}
