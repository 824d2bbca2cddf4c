package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where a running task is right now: its thread in the executor's thread dump (live drivers
 * only), taken once per poll for the longest-running task.
 *
 * @param frames    the stack, innermost first, as the JVM prints a frame ({@code pkg.Class.method(File.java:42)})
 * @param blockedBy the lock or thread it waits for, as the dump names it
 */
public record TaskThread(long taskId, int stageId, int stageAttemptId, String executorId, String threadName, String state,
                         List<String> frames, Optional<String> blockedBy, Instant takenAt) {

    public TaskThread {
        frames = List.copyOf(frames);
    }
}
