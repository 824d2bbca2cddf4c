package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The application and the attempt this snapshot describes.
 *
 * @param attemptId   the chosen attempt (YARN cluster mode and multi-attempt logs), if any
 * @param attempts    every attempt known at the source, newest first
 * @param sparkVersion absent for very old event logs without SparkListenerLogStart
 */
public record Application(
        String id,
        String name,
        Optional<String> sparkVersion,
        String user,
        Optional<String> attemptId,
        Instant startTime,
        Optional<Instant> endTime,
        boolean completed,
        List<Attempt> attempts) {

    public Application {
        attempts = List.copyOf(attempts);
    }

    /** Wall time so far: to the end for a finished app, else to {@code now}. */
    public long durationMs(Instant now) {
        Instant end = endTime.orElse(now);
        return Math.max(0, end.toEpochMilli() - startTime.toEpochMilli());
    }

    public record Attempt(
            Optional<String> attemptId,
            Instant startTime,
            Optional<Instant> endTime,
            String sparkUser,
            boolean completed,
            Optional<String> sparkVersion) {
    }
}
