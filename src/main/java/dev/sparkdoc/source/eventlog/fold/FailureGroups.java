package dev.sparkdoc.source.eventlog.fold;

import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.FailureMessages;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import dev.sparkdoc.source.eventlog.events.TaskEventParser;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Task failures of a stage attempt grouped by (reason, exception class, first line of the
 * message once per-task parts are removed, see {@link FailureMessages}): a thousand tasks
 * failing the same way are one group with a count, and the first one's message is its example.
 */
final class FailureGroups {

    /** Distinct groups kept; the rest are counted in one catch-all group. */
    static final int MAX_GROUPS = 50;

    /** What makes two failures the same kind (the exception class and message never null). */
    private record Key(String reason, String exceptionClass, String message) {
    }

    private static final class Group {
        final String message;
        final String detail;
        final long firstTaskId;
        final String executorId;
        final String host;
        int count;

        Group(String message, String detail, long firstTaskId, String executorId, String host) {
            this.message = message;
            this.detail = detail;
            this.firstTaskId = firstTaskId;
            this.executorId = executorId;
            this.host = host;
        }
    }

    private static final String OTHER = "more kinds of task failures than sparkdoc keeps per stage";

    private final Map<Key, Group> groups = new LinkedHashMap<>();

    void add(TaskEvent e) {
        String message = firstLine(e.message);
        Key key = new Key(e.reason, e.exceptionClass == null ? "" : e.exceptionClass, FailureMessages.normalised(message));
        if (!groups.containsKey(key) && groups.size() >= MAX_GROUPS) {
            key = new Key("Other", "", OTHER);
            message = OTHER;
        }
        String example = message;
        groups.computeIfAbsent(key, k -> new Group(example, detail(e), e.taskId, e.executorId, e.host)).count++;
    }

    /** The first line of a failure message: its one-line summary. */
    static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    private static String detail(TaskEvent e) {
        String summary = e.exceptionClass == null ? e.message
                : e.exceptionClass + (e.message == null ? "" : ": " + e.message);
        if (summary == null) {
            summary = e.reason;
        }
        if (e.stackTrace == null) {
            return TaskEventParser.bounded(summary);
        }
        // Spark's "Full Stack Trace" already starts with "Class: message"; old logs only have frames.
        boolean traceHasSummary = e.exceptionClass != null && e.stackTrace.startsWith(e.exceptionClass);
        return TaskEventParser.bounded(traceHasSummary ? e.stackTrace : summary + "\n" + e.stackTrace);
    }

    List<TaskFailure> failures() {
        List<TaskFailure> out = new ArrayList<>();
        groups.forEach((k, g) -> out.add(new TaskFailure(k.reason,
                k.exceptionClass.isEmpty() ? Optional.empty() : Optional.of(k.exceptionClass),
                g.message, g.detail, g.count, g.firstTaskId, g.executorId, g.host)));
        out.sort(Comparator.comparingInt(TaskFailure::count).reversed());
        return out;
    }
}
