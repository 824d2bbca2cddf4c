package dev.sparkdoc.source.eventlog.events;

import static dev.sparkdoc.source.eventlog.events.TaskFields.*;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.function.LongPredicate;

/**
 * Reads SparkListenerTaskStart/TaskEnd with Jackson's streaming API into a reused
 * {@link TaskEvent}: no tree, no per-task objects. The reference reader: every task line the
 * byte-level {@link TaskLineScan} does not take whole comes here. Field names are
 * {@link TaskFields}'; every field is optional and a missing number is 0, as in Spark's own reader.
 */
public final class TaskEventParser {

    /** Failure text kept per failure group; stack traces beyond this add little. */
    public static final int MAX_DETAIL_CHARS = 4096;

    private final ExecutorMetricNames metricNames;
    private final LongPredicate wantedAccumulator;

    /**
     * @param wantedAccumulator which accumulable IDs to keep (the SQL plan metrics); others are
     *                          skipped without parsing their values
     */
    public TaskEventParser(ExecutorMetricNames metricNames, LongPredicate wantedAccumulator) {
        this.metricNames = metricNames;
        this.wantedAccumulator = wantedAccumulator;
    }

    /** The byte-level reader of plain task lines that must read what this parser reads. */
    TaskLineScan lineScan() {
        return new TaskLineScan(metricNames, wantedAccumulator);
    }

    /** Reads the remaining fields of the event object (an "Event" field is skipped). */
    void parse(JsonParser p, TaskEvent e) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int field = EVENT.code(p.currentName());
            JsonToken value = p.nextToken();
            switch (field) {
                case STAGE_ID -> e.stageId = p.getValueAsInt();
                case STAGE_ATTEMPT_ID -> e.stageAttemptId = p.getValueAsInt();
                case TASK_INFO -> ifObject(p, value, () -> taskInfo(p, e));
                case TASK_END_REASON -> ifObject(p, value, () -> endReason(p, e));
                case TASK_METRICS -> ifObject(p, value, () -> taskMetrics(p, e));
                case TASK_EXECUTOR_METRICS -> ifObject(p, value, () -> executorMetrics(p, e));
                default -> p.skipChildren();
            }
        }
    }

    private interface Body {
        void read() throws IOException;
    }

    private static void ifObject(JsonParser p, JsonToken value, Body body) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            body.read();
        } else {
            p.skipChildren();
        }
    }

    private void taskInfo(JsonParser p, TaskEvent e) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int field = INFO.code(p.currentName());
            JsonToken value = p.nextToken();
            switch (field) {
                case TASK_ID -> e.taskId = p.getValueAsLong();
                case INDEX -> e.index = p.getValueAsInt();
                case ATTEMPT -> e.attempt = p.getValueAsInt();
                case PARTITION_ID -> e.partitionId = p.getValueAsInt(-1);
                case LAUNCH_TIME -> e.launchTime = p.getValueAsLong();
                case FINISH_TIME -> e.finishTime = p.getValueAsLong();
                case GETTING_RESULT_TIME -> e.gettingResultTime = p.getValueAsLong();
                case EXECUTOR_ID -> e.executorId = p.getValueAsString("");
                case HOST -> e.host = p.getValueAsString("");
                case SPECULATIVE -> e.speculative = p.getValueAsBoolean();
                case ACCUMULABLES -> {
                    if (value == JsonToken.START_ARRAY) {
                        accumulables(p, e);
                    } else {
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren();
            }
        }
    }

    private void accumulables(JsonParser p, TaskEvent e) throws IOException {
        while (p.nextToken() == JsonToken.START_OBJECT) {
            long id = -1;
            long update = 0;
            boolean hasUpdate = false;
            // JsonProtocol writes "ID" before "Update": the lookup (a cache miss in a table of every
            // plan metric of the app) is done once, and unwanted updates are not even parsed
            boolean wanted = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                int field = ACCUMULABLE.code(p.currentName());
                p.nextToken();
                if (field == ACCUMULABLE_ID) {
                    id = p.getValueAsLong(-1);
                    wanted = id >= 0 && wantedAccumulator.test(id);
                } else if (field == ACCUMULABLE_UPDATE && (id < 0 || wanted)) {
                    // SQL metric updates are strings ("12"), internal ones numbers
                    update = p.getValueAsLong();
                    hasUpdate = true;
                } else {
                    p.skipChildren();
                }
            }
            if (hasUpdate && wanted) {
                e.addAccumulable(id, update);
            }
        }
    }

    private void endReason(JsonParser p, TaskEvent e) throws IOException {
        String structuredTrace = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int field = END_REASON.code(p.currentName());
            JsonToken value = p.nextToken();
            switch (field) {
                case REASON -> e.reason = p.getValueAsString("UnknownReason");
                case CLASS_NAME -> e.exceptionClass = p.getValueAsString();
                case MESSAGE -> e.message = p.getValueAsString();
                case FULL_STACK_TRACE -> e.stackTrace = bounded(p.getValueAsString());
                case LOST_EXECUTOR_ID -> e.lostExecutorId = p.getValueAsString();
                case STACK_TRACE -> structuredTrace = value == JsonToken.START_ARRAY ? stackTrace(p) : skip(p);
                case COMMIT_DENIED_PARTITION -> e.message = e.message == null
                        ? "commit denied for partition " + p.getValueAsString() : e.message;
                default -> p.skipChildren();
            }
        }
        if (e.stackTrace == null || e.stackTrace.isEmpty()) {
            e.stackTrace = structuredTrace;
        }
    }

    private static String skip(JsonParser p) throws IOException {
        p.skipChildren();
        return null;
    }

    /** Spark before 1.2 wrote no "Full Stack Trace", only the frames. */
    private static String stackTrace(JsonParser p) throws IOException {
        StringBuilder sb = new StringBuilder();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String cls = "";
            String method = "";
            String file = "";
            int line = -1;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                int field = FRAME.code(p.currentName());
                p.nextToken();
                switch (field) {
                    case DECLARING_CLASS -> cls = p.getValueAsString("");
                    case METHOD_NAME -> method = p.getValueAsString("");
                    case FILE_NAME -> file = p.getValueAsString("");
                    case LINE_NUMBER -> line = p.getValueAsInt(-1);
                    default -> p.skipChildren();
                }
            }
            if (sb.length() < MAX_DETAIL_CHARS) {
                sb.append("\tat ").append(cls).append('.').append(method)
                        .append('(').append(file).append(':').append(line).append(")\n");
            }
        }
        return sb.length() == 0 ? null : bounded(sb.toString());
    }

    public static String bounded(String text) {
        return text == null || text.length() <= MAX_DETAIL_CHARS ? text : text.substring(0, MAX_DETAIL_CHARS) + "…";
    }

    private void executorMetrics(JsonParser p, TaskEvent e) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            e.setExecutorMetric(metricNames.indexOf(name), p.getValueAsLong());
        }
    }

    private static void taskMetrics(JsonParser p, TaskEvent e) throws IOException {
        e.hasMetrics = true;
        long[] m = e.metrics;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int field = METRICS.code(p.currentName());
            JsonToken value = p.nextToken();
            if (field >= 0) {
                m[field] = p.getValueAsLong();
            } else if (field == FieldTable.NOT_READ) {
                p.skipChildren();
            } else {
                ifObject(p, value, () -> numbers(p, numbersOf(field), m));
            }
        }
    }

    /** A nested object of numbers: each known one to its metrics slot. */
    private static void numbers(JsonParser p, FieldTable fields, long[] m) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int slot = fields.code(p.currentName());
            p.nextToken();
            if (slot >= 0) {
                m[slot] = p.getValueAsLong();
            } else {
                p.skipChildren();
            }
        }
    }
}
