package dev.sparkdoc.model;

import java.util.Optional;

/**
 * Task failures of one stage attempt that share a reason.
 *
 * @param reason        Spark's end reason: ExceptionFailure, FetchFailed, ExecutorLostFailure,
 *                      TaskKilled, TaskCommitDenied, TaskResultLost, Resubmitted, UnknownReason
 * @param exceptionClass the exception class for ExceptionFailure, when known
 * @param message       the first line of the description (full text in {@code detail})
 * @param detail        the full error text, stack trace included, bounded in length
 */
public record TaskFailure(
        String reason,
        Optional<String> exceptionClass,
        String message,
        String detail,
        int count,
        long firstTaskId,
        String executorId,
        String host) {
}
