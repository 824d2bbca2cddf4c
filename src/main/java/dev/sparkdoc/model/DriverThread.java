package dev.sparkdoc.model;

import java.util.List;
import java.util.Optional;

/**
 * One thread of the driver's thread dump, kept because it may tell what the driver is doing:
 * {@code main}, a thread with a frame of the application's own code, or a Py4J connection.
 *
 * @param frames    the stack, innermost first, as the JVM prints a frame ({@code pkg.Class.method(File.java:42)})
 * @param blockedBy the lock or thread it waits for, as the dump names it
 */
public record DriverThread(String threadName, String state, List<String> frames, Optional<String> blockedBy) {

    public DriverThread {
        frames = List.copyOf(frames);
        blockedBy = blockedBy == null ? Optional.empty() : blockedBy;
    }
}
