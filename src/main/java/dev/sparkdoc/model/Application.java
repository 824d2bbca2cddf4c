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
 * @param startTime    {@link Instant#EPOCH} when the source never gave it (an event log cut
 *                     before SparkListenerApplicationStart): see {@link #knownStartTime()}
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

    /** The start, unless the source never gave it: an event log cut before SparkListenerApplicationStart. */
    public Optional<Instant> knownStartTime() {
        return Optional.of(startTime).filter(t -> t.isAfter(Instant.EPOCH));
    }

    /** Wall time so far: to the end for a finished app, else to {@code now}; empty when the start is unknown. */
    public Optional<Long> knownDurationMs(Instant now) {
        return knownStartTime().map(start -> Math.max(0, endTime.orElse(now).toEpochMilli() - start.toEpochMilli()));
    }

    /** {@link #knownDurationMs}, 0 when the start is unknown: never the time since 1970. */
    public long durationMs(Instant now) {
        return knownDurationMs(now).orElse(0L);
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
