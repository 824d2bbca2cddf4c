package dev.sparkdoc.model;

import java.time.Instant;
import java.util.Optional;

/**
 * One application as a History Server lists it, before it is read: enough to pick it
 * ({@code id}, {@code attemptId}) and to name it in a report even when reading it fails.
 *
 * @param attemptId the newest attempt's id; absent for client- and local-mode applications
 * @param sparkVersion absent for logs of Spark 1.x without SparkListenerLogStart
 * @param endTime absent while the attempt runs
 */
public record ListedApplication(
        String id,
        Optional<String> attemptId,
        String name,
        Optional<String> sparkVersion,
        Instant startTime,
        Optional<Instant> endTime,
        boolean completed) {

    /** Wall time from start to end; 0 while the end is unknown. */
    public long durationMs() {
        return endTime.map(end -> Math.max(0, end.toEpochMilli() - startTime.toEpochMilli())).orElse(0L);
    }
}
