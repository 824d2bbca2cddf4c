package dev.sparkdoc.source.eventlog;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * Reads a task start or a successful task end straight from the line's bytes, in the plain shape
 * Spark's JsonProtocol writes them: field names compared as bytes (no hashing, no symbol table),
 * integers read as digits, strings without escapes, values not needed stepped over.
 *
 * <p>Why: task lines are 90 % of a log's bytes, and reading them was the reading. Jackson's
 * tokenizer canonicalises every field name (the largest cost left in profiles) and its many
 * methods are what the JIT compiles first. Anything outside that plain shape — a failure reason
 * with a stack trace, an escaped string, a fraction, a number too long, malformed JSON — makes
 * {@link #read} answer false, and {@link LineParser} reads the line with {@link TaskEventParser},
 * whose result this must equal field by field ({@code TaskLineScanTest} checks every task line of
 * the real Spark logs in the test resources both ways).
 */
final class TaskLineScan {

    private static final byte[] STAGE_ID = ascii("Stage ID");
    private static final byte[] STAGE_ATTEMPT_ID = ascii("Stage Attempt ID");
    private static final byte[] TASK_INFO = ascii("Task Info");
    private static final byte[] TASK_END_REASON = ascii("Task End Reason");
    private static final byte[] TASK_METRICS = ascii("Task Metrics");
    private static final byte[] TASK_EXECUTOR_METRICS = ascii("Task Executor Metrics");
    private static final byte[] REASON = ascii("Reason");
    private static final byte[] TASK_ID = ascii("Task ID");
    private static final byte[] INDEX = ascii("Index");
    private static final byte[] ATTEMPT = ascii("Attempt");
    private static final byte[] PARTITION_ID = ascii("Partition ID");
    private static final byte[] LAUNCH_TIME = ascii("Launch Time");
    private static final byte[] FINISH_TIME = ascii("Finish Time");
    private static final byte[] GETTING_RESULT_TIME = ascii("Getting Result Time");
    private static final byte[] EXECUTOR_ID = ascii("Executor ID");
    private static final byte[] HOST = ascii("Host");
    private static final byte[] SPECULATIVE = ascii("Speculative");
    private static final byte[] ACCUMULABLES = ascii("Accumulables");
    private static final byte[] ID = ascii("ID");
    private static final byte[] UPDATE = ascii("Update");
    private static final byte[] SHUFFLE_READ = ascii("Shuffle Read Metrics");
    private static final byte[] SHUFFLE_WRITE = ascii("Shuffle Write Metrics");
    private static final byte[] INPUT = ascii("Input Metrics");
    private static final byte[] OUTPUT = ascii("Output Metrics");

    /** "Task Metrics" fields holding a number, and where each goes (JsonProtocol's names). */
    private static final byte[][] METRIC_KEYS = {ascii("Executor Deserialize Time"), ascii("Executor Deserialize CPU Time"),
        ascii("Executor Run Time"), ascii("Executor CPU Time"), ascii("Peak Execution Memory"), ascii("Result Size"),
        ascii("JVM GC Time"), ascii("Result Serialization Time"), ascii("Memory Bytes Spilled"), ascii("Disk Bytes Spilled")};
    private static final int[] METRIC_SLOTS = {TaskEvent.DESERIALIZE_TIME, TaskEvent.DESERIALIZE_CPU, TaskEvent.RUN_TIME,
        TaskEvent.CPU_TIME, TaskEvent.PEAK_EXECUTION_MEMORY, TaskEvent.RESULT_SIZE, TaskEvent.GC_TIME,
        TaskEvent.RESULT_SERIALIZATION_TIME, TaskEvent.MEMORY_SPILLED, TaskEvent.DISK_SPILLED};
    private static final byte[][] SHUFFLE_READ_KEYS = {ascii("Remote Bytes Read"), ascii("Local Bytes Read"),
        ascii("Fetch Wait Time"), ascii("Total Records Read")};
    private static final int[] SHUFFLE_READ_SLOTS = {TaskEvent.SHUFFLE_REMOTE_BYTES, TaskEvent.SHUFFLE_LOCAL_BYTES,
        TaskEvent.SHUFFLE_FETCH_WAIT, TaskEvent.SHUFFLE_RECORDS_READ};
    private static final byte[][] SHUFFLE_WRITE_KEYS = {ascii("Shuffle Bytes Written"), ascii("Shuffle Write Time"),
        ascii("Shuffle Records Written")};
    private static final int[] SHUFFLE_WRITE_SLOTS = {TaskEvent.SHUFFLE_BYTES_WRITTEN, TaskEvent.SHUFFLE_WRITE_TIME,
        TaskEvent.SHUFFLE_RECORDS_WRITTEN};
    private static final byte[][] INPUT_KEYS = {ascii("Bytes Read"), ascii("Records Read")};
    private static final int[] INPUT_SLOTS = {TaskEvent.INPUT_BYTES, TaskEvent.INPUT_RECORDS};
    private static final byte[][] OUTPUT_KEYS = {ascii("Bytes Written"), ascii("Records Written")};
    private static final int[] OUTPUT_SLOTS = {TaskEvent.OUTPUT_BYTES, TaskEvent.OUTPUT_RECORDS};

    private final ExecutorMetricNames metricNames;
    private final LongPredicate wantedAccumulator;
    /** Executor metric names seen, as bytes, with their index: the same ~20 names on every line. */
    private byte[][] metricNameBytes = new byte[32][];
    private int[] metricNameIndex = new int[32];
    private int metricNameCount;
    private int metricHint;

    private final PlainJson json = new PlainJson();

    TaskLineScan(ExecutorMetricNames metricNames, LongPredicate wantedAccumulator) {
        this.metricNames = metricNames;
        this.wantedAccumulator = wantedAccumulator;
    }

    /** Reads the line into {@code e} (already reset); false when it is not plain (then {@code e} is not to be used). */
    boolean read(byte[] buf, int off, int len, TaskEvent e) {
        json.start(buf, off, len);
        try {
            json.open();
            for (boolean first = true; json.nextKey(first); first = false) {
                if (json.key(STAGE_ID)) {
                    e.stageId = json.int32();
                } else if (json.key(STAGE_ATTEMPT_ID)) {
                    e.stageAttemptId = json.int32();
                } else if (json.key(TASK_INFO)) {
                    taskInfo(e);
                } else if (json.key(TASK_END_REASON)) {
                    endReason(e);
                } else if (json.key(TASK_METRICS)) {
                    taskMetrics(e);
                } else if (json.key(TASK_EXECUTOR_METRICS)) {
                    executorMetrics(e);
                } else {
                    json.skip();
                }
            }
            return json.atEnd();
        } catch (PlainJson.NotPlain | ArrayIndexOutOfBoundsException notPlain) {
            return false;
        }
    }

    private void taskInfo(TaskEvent e) {
        json.open();
        for (boolean first = true; json.nextKey(first); first = false) {
            if (json.key(TASK_ID)) {
                e.taskId = json.integer();
            } else if (json.key(INDEX)) {
                e.index = json.int32();
            } else if (json.key(ATTEMPT)) {
                e.attempt = json.int32();
            } else if (json.key(PARTITION_ID)) {
                e.partitionId = json.int32();
            } else if (json.key(LAUNCH_TIME)) {
                e.launchTime = json.integer();
            } else if (json.key(FINISH_TIME)) {
                e.finishTime = json.integer();
            } else if (json.key(GETTING_RESULT_TIME)) {
                e.gettingResultTime = json.integer();
            } else if (json.key(EXECUTOR_ID)) {
                e.executorId = json.string();
            } else if (json.key(HOST)) {
                e.host = json.string();
            } else if (json.key(SPECULATIVE)) {
                e.speculative = json.bool();
            } else if (json.key(ACCUMULABLES)) {
                accumulables(e);
            } else {
                json.skip();
            }
        }
    }

    /**
     * The "Accumulables" of Task Info: about two thirds of a Spark 3/4 task end's bytes, mostly
     * {@code internal.metrics.*} copies of "Task Metrics". Only the wanted (SQL plan metric) ids'
     * "Update" is read, a number or a number in a string; JsonProtocol writes "ID" first.
     */
    private void accumulables(TaskEvent e) {
        json.openArray();
        for (boolean first = true; json.nextElement(first); first = false) {
            json.open();
            if (!json.nextKey(true) || !json.key(ID)) {
                throw PlainJson.NOT_PLAIN;
            }
            long id = json.integer();
            boolean wanted = id >= 0 && wantedAccumulator.test(id);
            long update = 0;
            boolean hasUpdate = false;
            while (json.nextKey(false)) {
                if (json.key(ID)) {
                    throw PlainJson.NOT_PLAIN;
                }
                if (wanted && json.key(UPDATE)) {
                    update = json.integerOrQuoted();
                    hasUpdate = true;
                } else {
                    json.skip();
                }
            }
            if (hasUpdate) {
                e.addAccumulable(id, update);
            }
        }
    }

    /** Only {@code {"Reason":"Success"}}-like reasons; failures carry texts worth the full parser. */
    private void endReason(TaskEvent e) {
        json.open();
        for (boolean first = true; json.nextKey(first); first = false) {
            if (!json.key(REASON)) {
                throw PlainJson.NOT_PLAIN;
            }
            e.reason = json.string();
        }
    }

    private void taskMetrics(TaskEvent e) {
        e.hasMetrics = true;
        long[] m = e.metrics;
        json.open();
        for (boolean first = true; json.nextKey(first); first = false) {
            if (json.key(SHUFFLE_READ)) {
                numbers(SHUFFLE_READ_KEYS, SHUFFLE_READ_SLOTS, m);
            } else if (json.key(SHUFFLE_WRITE)) {
                numbers(SHUFFLE_WRITE_KEYS, SHUFFLE_WRITE_SLOTS, m);
            } else if (json.key(INPUT)) {
                numbers(INPUT_KEYS, INPUT_SLOTS, m);
            } else if (json.key(OUTPUT)) {
                numbers(OUTPUT_KEYS, OUTPUT_SLOTS, m);
            } else {
                int k = json.keyIndex(METRIC_KEYS);
                if (k >= 0) {
                    m[METRIC_SLOTS[k]] = json.integer();
                } else {
                    json.skip();
                }
            }
        }
    }

    /** An object of numbers: the named ones go to their slots, the rest are stepped over. */
    private void numbers(byte[][] keys, int[] slots, long[] m) {
        json.open();
        for (boolean first = true; json.nextKey(first); first = false) {
            int k = json.keyIndex(keys);
            if (k >= 0) {
                m[slots[k]] = json.integer();
            } else {
                json.skip();
            }
        }
    }

    private void executorMetrics(TaskEvent e) {
        json.open();
        for (boolean first = true; json.nextKey(first); first = false) {
            e.setExecutorMetric(metricIndex(), json.integer());
        }
    }

    /** The current key's executor-metric index, found by its bytes among the names seen before. */
    private int metricIndex() {
        // lines list the names in the same order: start where the last one was found
        for (int n = 0; n < metricNameCount; n++) {
            int k = metricHint + n < metricNameCount ? metricHint + n : metricHint + n - metricNameCount;
            if (json.key(metricNameBytes[k])) {
                metricHint = k + 1 < metricNameCount ? k + 1 : 0;
                return metricNameIndex[k];
            }
        }
        byte[] name = json.keyBytes();
        int index = metricNames.indexOf(new String(name, StandardCharsets.UTF_8));
        if (metricNameCount == metricNameBytes.length) {
            metricNameBytes = Arrays.copyOf(metricNameBytes, metricNameCount * 2);
            metricNameIndex = Arrays.copyOf(metricNameIndex, metricNameCount * 2);
        }
        metricNameBytes[metricNameCount] = name;
        metricNameIndex[metricNameCount++] = index;
        return index;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
