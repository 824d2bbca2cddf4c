package dev.sparkdoc.tui;

import java.util.List;
import java.util.Optional;

/**
 * One local process as the processes pane shows it.
 *
 * @param role        driver, executor, pyspark.daemon, python worker, …
 * @param executorId  the Spark executor the process belongs to, when known
 * @param cpuPercent  CPU since the previous sample (what top shows), 100 = one core
 * @param command     the command line, already redacted
 * @param cpuHistory  recent CPU % samples, oldest first, for the sparkline
 */
public record ProcessRow(long pid, String role, Optional<String> executorId, double cpuPercent, long rssBytes,
                         int threads, String command, List<Double> cpuHistory) {

    public ProcessRow {
        cpuHistory = List.copyOf(cpuHistory);
    }
}
