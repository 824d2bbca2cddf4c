package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.FailureMessages;
import dev.sparkdoc.source.rest.dto.TaskDataDto;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Groups failed tasks by the first line of their error, once per-task parts are removed (see
 * {@link FailureMessages}), and names Spark's end reason; a group's message is its first task's.
 *
 * <p>The REST {@code errorMessage} is {@code TaskEndReason.toErrorString}: the stack trace of an
 * {@code ExceptionFailure} ({@code java.lang.ArithmeticException: / by zero\n\tat …}), and for the
 * other reasons a text that starts with the reason's name, e.g. {@code FetchFailed(BlockManagerId…},
 * {@code ExecutorLostFailure (executor 1 exited …)}, {@code TaskKilled (another attempt succeeded)}.
 */
final class FailureGrouper {

    /** Full error text kept per group: enough for the stack's top frames and "Caused by" lines. */
    static final int DETAIL_CHARS = 4000;

    private static final List<String> NAMED_REASONS = List.of("FetchFailed", "ExecutorLostFailure", "TaskKilled",
            "TaskCommitDenied", "TaskResultLost", "Resubmitted", "UnknownReason");

    /** A Java/Scala class name at the start of the text, followed by ':' or the end of the line. */
    private static final Pattern EXCEPTION_CLASS =
            Pattern.compile("^((?:[A-Za-z_$][\\w$]*\\.)+[A-Za-z_$][\\w$]*)(?::|$)");

    private FailureGrouper() {
    }

    static List<TaskFailure> group(List<TaskDataDto> failedTasks) {
        Map<String, List<TaskDataDto>> byKind = new LinkedHashMap<>();
        failedTasks.stream()
                .sorted(Comparator.comparingLong(TaskDataDto::taskId))
                .forEach(t -> byKind.computeIfAbsent(FailureMessages.normalised(Texts.firstLine(t.errorMessage())),
                        k -> new ArrayList<>()).add(t));
        List<TaskFailure> out = new ArrayList<>();
        byKind.values().forEach(tasks -> out.add(failure(Texts.firstLine(tasks.get(0).errorMessage()), tasks)));
        out.sort(Comparator.comparingInt(TaskFailure::count).reversed().thenComparingLong(TaskFailure::firstTaskId));
        return out;
    }

    private static TaskFailure failure(String firstLine, List<TaskDataDto> tasks) {
        TaskDataDto first = tasks.get(0);
        String reason = reason(firstLine);
        Optional<String> exceptionClass = "ExceptionFailure".equals(reason) ? exceptionClass(firstLine) : Optional.empty();
        return new TaskFailure(reason, exceptionClass, firstLine.isEmpty() ? reason : firstLine,
                Texts.bounded(first.errorMessage(), DETAIL_CHARS), tasks.size(), first.taskId(),
                Texts.orEmpty(first.executorId()), Texts.orEmpty(first.host()));
    }

    static String reason(String firstLine) {
        for (String named : NAMED_REASONS) {
            if (firstLine.startsWith(named)) {
                return named;
            }
        }
        // An exception's stack trace, or text we cannot place: Spark's most common reason.
        return "ExceptionFailure";
    }

    static Optional<String> exceptionClass(String firstLine) {
        Matcher m = EXCEPTION_CLASS.matcher(firstLine);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
