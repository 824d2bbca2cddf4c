package dev.sparkdoc.tui;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One local process as the processes pane shows it.
 *
 * @param role        driver, executor, pyspark.daemon, python worker, …; a Python process of a JVM starts with
 *                    "└ " and follows its JVM, as {@code sparkdoc ps} draws the tree
 * @param executorId  the Spark executor the process belongs to, when known
 * @param cpuPercent  CPU since the previous sample (what top shows), 100 = one core; empty for a process
 *                    that started since, as RSS and threads are when the platform does not say
 * @param command     what runs: the script or main class and its arguments (redacted)
 * @param cpuHistory  recent CPU % samples, oldest first, for the sparkline
 */
public record ProcessRow(long pid, String role, Optional<String> executorId, OptionalDouble cpuPercent, OptionalLong rssBytes,
                         OptionalInt threads, String command, List<Double> cpuHistory) {

    public ProcessRow {
        cpuHistory = List.copyOf(cpuHistory);
    }

    /** A row whose figures are all known. */
    public ProcessRow(long pid, String role, Optional<String> executorId, double cpuPercent, long rssBytes, int threads,
                      String command, List<Double> cpuHistory) {
        this(pid, role, executorId, OptionalDouble.of(cpuPercent), OptionalLong.of(rssBytes), OptionalInt.of(threads),
                command, cpuHistory);
    }
}
