package dev.sparkdoc.tui;

import dev.sparkdoc.report.LogsPage;
import java.time.Instant;
import java.util.Optional;

/**
 * An opened executor's logs, as the logs view shows them: being read, read (the page), or why
 * there is nothing to read (no log links).
 *
 * @param executorId whose logs
 * @param askedAt    when the latest read was asked for
 * @param reading    a read is on its way (the page, if any, is the previous one)
 * @param page       the latest read's tails, ready to draw
 * @param readAt     when that page arrived
 * @param noLinks    why the executor has no logs to read (local mode, Kubernetes, the driver)
 */
public record ExecutorLogs(String executorId, Instant askedAt, boolean reading, Optional<LogsPage> page,
                           Optional<Instant> readAt, Optional<String> noLinks) {

    static ExecutorLogs reading(String executorId, Instant at) {
        return new ExecutorLogs(executorId, at, true, Optional.empty(), Optional.empty(), Optional.empty());
    }

    static ExecutorLogs none(String executorId, Instant at, String why) {
        return new ExecutorLogs(executorId, at, false, Optional.empty(), Optional.empty(), Optional.of(why));
    }

    /** Read again: the old page stays on screen until the new one comes. */
    ExecutorLogs again(Instant at) {
        return new ExecutorLogs(executorId, at, true, page, readAt, noLinks);
    }

    ExecutorLogs read(LogsPage p, Instant at) {
        return new ExecutorLogs(executorId, askedAt, false, Optional.of(p), Optional.of(at), Optional.empty());
    }
}
