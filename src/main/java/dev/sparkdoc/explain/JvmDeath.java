package dev.sparkdoc.explain;

import java.util.Optional;

/**
 * A JVM's death as a log shows it, often without a stack trace: "Terminating due to
 * java.lang.OutOfMemoryError", an -XX:OnOutOfMemoryError kill, a container killed by YARN or
 * Kubernetes, an exit code.
 *
 * @param meaning one line: what happened, in words
 * @param memory  the text proves a memory problem (never an exit code alone)
 * @param time    the log's time stamp on or before the line ("25/12/02 05:12:22"), when it has one
 * @param line    the line itself, as read (already redacted by whoever read the log)
 */
public record JvmDeath(String meaning, boolean memory, Optional<Integer> exitCode, Optional<String> time, String line) {
}
