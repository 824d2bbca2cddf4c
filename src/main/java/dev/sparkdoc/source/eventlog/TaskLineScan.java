package dev.sparkdoc.source.eventlog;

import java.nio.charset.StandardCharsets;
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

    // what a "Task Metrics" key is, besides a slot of TaskEvent.metrics
    private static final int NOT_READ = -1;
    private static final int SHUFFLE_READ_OBJECT = -2;
    private static final int SHUFFLE_WRITE_OBJECT = -3;
    private static final int INPUT_OBJECT = -4;
    private static final int OUTPUT_OBJECT = -5;

    private final ExecutorMetricNames metricNames;
    private final PlainJson json = new PlainJson();
    private final AccumulableEntries accumulables;
    // the keys of each kind of object as the last line had them (see KeyOrder)
    // task starts and ends differ in their keys: each has its own order
    private final KeyOrder startKeys = new KeyOrder();
    private final KeyOrder endKeys = new KeyOrder();
    private final KeyOrder startInfoKeys = new KeyOrder();
    private final KeyOrder endInfoKeys = new KeyOrder();
    private final KeyOrder reasonKeys = new KeyOrder();
    private final KeyOrder metricsKeys = new KeyOrder();
    private final KeyOrder executorMetricsKeys = new KeyOrder();
    private final KeyOrder shuffleReadKeys = new KeyOrder();
    private final KeyOrder shuffleWriteKeys = new KeyOrder();
    private final KeyOrder inputKeys = new KeyOrder();
    private final KeyOrder outputKeys = new KeyOrder();

    TaskLineScan(ExecutorMetricNames metricNames, LongPredicate wantedAccumulator) {
        this.metricNames = metricNames;
        this.accumulables = new AccumulableEntries(json, wantedAccumulator);
    }

    /** Reads the line into {@code e} (already reset); false when it is not plain (then {@code e} is not to be used). */
    boolean read(byte[] buf, int off, int len, TaskEvent e) {
        json.start(buf, off, len);
        try {
            json.open();
            KeyOrder keys = e.end ? endKeys : startKeys;
            for (int k = 0; keys.next(json, k); k++) {
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
        KeyOrder keys = e.end ? endInfoKeys : startInfoKeys;
        for (int k = 0; keys.next(json, k); k++) {
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
                e.executorId = json.text();
            } else if (json.key(HOST)) {
                e.host = json.text();
            } else if (json.key(SPECULATIVE)) {
                e.speculative = json.bool();
            } else if (json.key(ACCUMULABLES)) {
                accumulables.read(e);
            } else {
                json.skip();
            }
        }
    }

    /** Only {@code {"Reason":"Success"}}-like reasons; failures carry texts worth the full parser. */
    private void endReason(TaskEvent e) {
        json.open();
        for (int k = 0; reasonKeys.next(json, k); k++) {
            if (!json.key(REASON)) {
                throw PlainJson.NOT_PLAIN;
            }
            e.reason = json.text();
        }
    }

    private void taskMetrics(TaskEvent e) {
        e.hasMetrics = true;
        long[] m = e.metrics;
        json.open();
        for (int k = 0; metricsKeys.next(json, k); k++) {
            int what = metricsKeys.meaning(k, this::metricsMeaning);
            switch (what) {
                case SHUFFLE_READ_OBJECT -> numbers(shuffleReadKeys, SHUFFLE_READ_KEYS, SHUFFLE_READ_SLOTS, m);
                case SHUFFLE_WRITE_OBJECT -> numbers(shuffleWriteKeys, SHUFFLE_WRITE_KEYS, SHUFFLE_WRITE_SLOTS, m);
                case INPUT_OBJECT -> numbers(inputKeys, INPUT_KEYS, INPUT_SLOTS, m);
                case OUTPUT_OBJECT -> numbers(outputKeys, OUTPUT_KEYS, OUTPUT_SLOTS, m);
                case NOT_READ -> json.skip();
                default -> m[what] = json.integer();
            }
        }
    }

    /** What a "Task Metrics" key is: one of the nested objects, a metric's slot, or not read. */
    private int metricsMeaning() {
        if (json.key(SHUFFLE_READ)) {
            return SHUFFLE_READ_OBJECT;
        } else if (json.key(SHUFFLE_WRITE)) {
            return SHUFFLE_WRITE_OBJECT;
        } else if (json.key(INPUT)) {
            return INPUT_OBJECT;
        } else if (json.key(OUTPUT)) {
            return OUTPUT_OBJECT;
        }
        int k = json.keyIndex(METRIC_KEYS);
        return k >= 0 ? METRIC_SLOTS[k] : NOT_READ;
    }

    /** An object of numbers: the named ones go to their slots, the rest are stepped over. */
    private void numbers(KeyOrder order, byte[][] keys, int[] slots, long[] m) {
        json.open();
        for (int k = 0; order.next(json, k); k++) {
            int slot = order.meaning(k, () -> {
                int known = json.keyIndex(keys);
                return known >= 0 ? slots[known] : NOT_READ;
            });
            if (slot >= 0) {
                m[slot] = json.integer();
            } else {
                json.skip();
            }
        }
    }

    private void executorMetrics(TaskEvent e) {
        json.open();
        for (int k = 0; executorMetricsKeys.next(json, k); k++) {
            e.setExecutorMetric(executorMetricsKeys.meaning(k, this::metricIndex), json.integer());
        }
    }

    /** The current key's executor-metric index (once per name and position: {@link KeyOrder} keeps it). */
    private int metricIndex() {
        return metricNames.indexOf(json.keyString());
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
