package dev.sparkdoc.source.rest.dto;

import java.util.List;

/**
 * {@code ThreadStackTrace} from {@code executors/{id}/threads} (3.5; 4.0 adds lock details):
 * {@code stackTrace.elems} are the JVM's frames, innermost first.
 */
public record ThreadStackTraceDto(
        long threadId,
        String threadName,
        String threadState,
        StackTraceDto stackTrace,
        Long blockedByThreadId,
        String blockedByLock,
        String lockName,
        String lockOwnerName) {

    public record StackTraceDto(List<String> elems) {
    }
}
