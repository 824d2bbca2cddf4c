package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.function.LongPredicate;

/**
 * Reads SparkListenerTaskStart/TaskEnd with Jackson's streaming API into a reused
 * {@link TaskEvent}: no tree, no per-task objects. Field names follow JsonProtocol; every field
 * is optional and a missing number is 0, as in Spark's own reader.
 */
final class TaskEventParser {

    /** Failure text kept per failure group; stack traces beyond this add little. */
    static final int MAX_DETAIL_CHARS = 4096;

    private final ExecutorMetricNames metricNames;
    private final LongPredicate wantedAccumulator;

    /**
     * @param wantedAccumulator which accumulable IDs to keep (the SQL plan metrics); others are
     *                          skipped without parsing their values
     */
    TaskEventParser(ExecutorMetricNames metricNames, LongPredicate wantedAccumulator) {
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
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "Stage ID" -> e.stageId = p.getValueAsInt();
                case "Stage Attempt ID" -> e.stageAttemptId = p.getValueAsInt();
                case "Task Info" -> ifObject(p, value, () -> taskInfo(p, e));
                case "Task End Reason" -> ifObject(p, value, () -> endReason(p, e));
                case "Task Metrics" -> ifObject(p, value, () -> taskMetrics(p, e));
                case "Task Executor Metrics" -> ifObject(p, value, () -> executorMetrics(p, e));
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
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "Task ID" -> e.taskId = p.getValueAsLong();
                case "Index" -> e.index = p.getValueAsInt();
                case "Attempt" -> e.attempt = p.getValueAsInt();
                case "Partition ID" -> e.partitionId = p.getValueAsInt(-1);
                case "Launch Time" -> e.launchTime = p.getValueAsLong();
                case "Finish Time" -> e.finishTime = p.getValueAsLong();
                case "Getting Result Time" -> e.gettingResultTime = p.getValueAsLong();
                case "Executor ID" -> e.executorId = p.getValueAsString("");
                case "Host" -> e.host = p.getValueAsString("");
                case "Speculative" -> e.speculative = p.getValueAsBoolean();
                case "Accumulables" -> {
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
                String field = p.currentName();
                p.nextToken();
                if ("ID".equals(field)) {
                    id = p.getValueAsLong(-1);
                    wanted = id >= 0 && wantedAccumulator.test(id);
                } else if ("Update".equals(field) && (id < 0 || wanted)) {
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
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "Reason" -> e.reason = p.getValueAsString("UnknownReason");
                case "Class Name" -> e.exceptionClass = p.getValueAsString();
                case "Description", "Message", "Kill Reason", "Loss Reason" -> e.message = p.getValueAsString();
                case "Full Stack Trace" -> e.stackTrace = bounded(p.getValueAsString());
                case "Executor ID" -> e.lostExecutorId = p.getValueAsString();
                case "Stack Trace" -> structuredTrace = value == JsonToken.START_ARRAY ? stackTrace(p) : skip(p);
                case "Partition ID" -> e.message = e.message == null ? "commit denied for partition " + p.getValueAsString() : e.message;
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
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "Declaring Class" -> cls = p.getValueAsString("");
                    case "Method Name" -> method = p.getValueAsString("");
                    case "File Name" -> file = p.getValueAsString("");
                    case "Line Number" -> line = p.getValueAsInt(-1);
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

    static String bounded(String text) {
        return text == null || text.length() <= MAX_DETAIL_CHARS ? text : text.substring(0, MAX_DETAIL_CHARS) + "…";
    }

    private void executorMetrics(JsonParser p, TaskEvent e) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            e.setExecutorMetric(metricNames.indexOf(name), p.getValueAsLong());
        }
    }

    private void taskMetrics(JsonParser p, TaskEvent e) throws IOException {
        e.hasMetrics = true;
        long[] m = e.metrics;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "Executor Deserialize Time" -> m[TaskEvent.DESERIALIZE_TIME] = p.getValueAsLong();
                case "Executor Deserialize CPU Time" -> m[TaskEvent.DESERIALIZE_CPU] = p.getValueAsLong();
                case "Executor Run Time" -> m[TaskEvent.RUN_TIME] = p.getValueAsLong();
                case "Executor CPU Time" -> m[TaskEvent.CPU_TIME] = p.getValueAsLong();
                case "Peak Execution Memory" -> m[TaskEvent.PEAK_EXECUTION_MEMORY] = p.getValueAsLong();
                case "Result Size" -> m[TaskEvent.RESULT_SIZE] = p.getValueAsLong();
                case "JVM GC Time" -> m[TaskEvent.GC_TIME] = p.getValueAsLong();
                case "Result Serialization Time" -> m[TaskEvent.RESULT_SERIALIZATION_TIME] = p.getValueAsLong();
                case "Memory Bytes Spilled" -> m[TaskEvent.MEMORY_SPILLED] = p.getValueAsLong();
                case "Disk Bytes Spilled" -> m[TaskEvent.DISK_SPILLED] = p.getValueAsLong();
                case "Shuffle Read Metrics" -> ifObject(p, value, () -> shuffleRead(p, m));
                case "Shuffle Write Metrics" -> ifObject(p, value, () -> shuffleWrite(p, m));
                case "Input Metrics" -> ifObject(p, value, () -> inputOutput(p, m, "Bytes Read", "Records Read",
                        TaskEvent.INPUT_BYTES, TaskEvent.INPUT_RECORDS));
                case "Output Metrics" -> ifObject(p, value, () -> inputOutput(p, m, "Bytes Written", "Records Written",
                        TaskEvent.OUTPUT_BYTES, TaskEvent.OUTPUT_RECORDS));
                default -> p.skipChildren();
            }
        }
    }

    private static void shuffleRead(JsonParser p, long[] m) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "Remote Bytes Read" -> m[TaskEvent.SHUFFLE_REMOTE_BYTES] = p.getValueAsLong();
                case "Local Bytes Read" -> m[TaskEvent.SHUFFLE_LOCAL_BYTES] = p.getValueAsLong();
                case "Fetch Wait Time" -> m[TaskEvent.SHUFFLE_FETCH_WAIT] = p.getValueAsLong();
                case "Total Records Read" -> m[TaskEvent.SHUFFLE_RECORDS_READ] = p.getValueAsLong();
                // "Push Based Shuffle" (what 3.4+ writes) and "Shuffle Push Read Metrics" (what
                // Spark's reader expects) hold push-merge details the snapshot does not keep;
                // both spellings are skipped alike.
                default -> p.skipChildren();
            }
        }
    }

    private static void shuffleWrite(JsonParser p, long[] m) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "Shuffle Bytes Written" -> m[TaskEvent.SHUFFLE_BYTES_WRITTEN] = p.getValueAsLong();
                case "Shuffle Write Time" -> m[TaskEvent.SHUFFLE_WRITE_TIME] = p.getValueAsLong();
                case "Shuffle Records Written" -> m[TaskEvent.SHUFFLE_RECORDS_WRITTEN] = p.getValueAsLong();
                default -> p.skipChildren();
            }
        }
    }

    private static void inputOutput(JsonParser p, long[] m, String bytesField, String recordsField,
                                    int bytesIdx, int recordsIdx) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            if (bytesField.equals(field)) {
                m[bytesIdx] = p.getValueAsLong();
            } else if (recordsField.equals(field)) {
                m[recordsIdx] = p.getValueAsLong();
            } else {
                p.skipChildren();
            }
        }
    }
}
