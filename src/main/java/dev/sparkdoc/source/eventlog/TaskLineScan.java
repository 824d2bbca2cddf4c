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
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");
    /** Deeper nesting, longer numbers or strings than these go to Jackson, which has its own limits. */
    private static final int MAX_DEPTH = 64;
    private static final int MAX_NUMBER_CHARS = 1000;
    private static final int MAX_STRING_BYTES = 1 << 20;

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

    /** Thrown (without a stack trace) when the line leaves the plain shape; caught in {@link #read}. */
    private static final class NotPlain extends RuntimeException {
        NotPlain() {
            super(null, null, false, false);
        }
    }

    private static final NotPlain NOT_PLAIN = new NotPlain();

    private final ExecutorMetricNames metricNames;
    private final LongPredicate wantedAccumulator;
    /** Executor metric names seen, as bytes, with their index: the same ~20 names on every line. */
    private byte[][] metricNameBytes = new byte[32][];
    private int[] metricNameIndex = new int[32];
    private int metricNameCount;
    private int metricHint;

    private byte[] b;
    private int i;
    private int end;
    private int keyStart;
    private int keyLength;

    TaskLineScan(ExecutorMetricNames metricNames, LongPredicate wantedAccumulator) {
        this.metricNames = metricNames;
        this.wantedAccumulator = wantedAccumulator;
    }

    /** Reads the line into {@code e} (already reset); false when it is not plain (then {@code e} is not to be used). */
    boolean read(byte[] buf, int off, int len, TaskEvent e) {
        b = buf;
        i = off;
        end = off + len;
        try {
            open();
            for (boolean first = true; nextKey(first); first = false) {
                if (key(STAGE_ID)) {
                    e.stageId = int32();
                } else if (key(STAGE_ATTEMPT_ID)) {
                    e.stageAttemptId = int32();
                } else if (key(TASK_INFO)) {
                    taskInfo(e);
                } else if (key(TASK_END_REASON)) {
                    endReason(e);
                } else if (key(TASK_METRICS)) {
                    taskMetrics(e);
                } else if (key(TASK_EXECUTOR_METRICS)) {
                    executorMetrics(e);
                } else {
                    skip();
                }
            }
            blanks();
            return i == end;
        } catch (NotPlain | ArrayIndexOutOfBoundsException notPlain) {
            return false;
        }
    }

    private void taskInfo(TaskEvent e) {
        open();
        for (boolean first = true; nextKey(first); first = false) {
            if (key(TASK_ID)) {
                e.taskId = integer();
            } else if (key(INDEX)) {
                e.index = int32();
            } else if (key(ATTEMPT)) {
                e.attempt = int32();
            } else if (key(PARTITION_ID)) {
                e.partitionId = int32();
            } else if (key(LAUNCH_TIME)) {
                e.launchTime = integer();
            } else if (key(FINISH_TIME)) {
                e.finishTime = integer();
            } else if (key(GETTING_RESULT_TIME)) {
                e.gettingResultTime = integer();
            } else if (key(EXECUTOR_ID)) {
                e.executorId = string();
            } else if (key(HOST)) {
                e.host = string();
            } else if (key(SPECULATIVE)) {
                e.speculative = bool();
            } else if (key(ACCUMULABLES)) {
                accumulables(e);
            } else {
                skip();
            }
        }
    }

    /**
     * The "Accumulables" of Task Info: about two thirds of a Spark 3/4 task end's bytes, mostly
     * {@code internal.metrics.*} copies of "Task Metrics". Only the wanted (SQL plan metric) ids'
     * "Update" is read, a number or a number in a string; JsonProtocol writes "ID" first.
     */
    private void accumulables(TaskEvent e) {
        if (at() != '[') {
            throw NOT_PLAIN;
        }
        i++;
        for (boolean first = true; nextElement(first); first = false) {
            open();
            if (!nextKey(true) || !key(ID)) {
                throw NOT_PLAIN;
            }
            long id = integer();
            boolean wanted = id >= 0 && wantedAccumulator.test(id);
            long update = 0;
            boolean hasUpdate = false;
            while (nextKey(false)) {
                if (key(ID)) {
                    throw NOT_PLAIN;
                }
                if (wanted && key(UPDATE)) {
                    update = update();
                    hasUpdate = true;
                } else {
                    skip();
                }
            }
            if (hasUpdate) {
                e.addAccumulable(id, update);
            }
        }
    }

    private long update() {
        if (at() != '"') {
            return integer();
        }
        i++;
        long v = integer(true);
        i++;
        return v;
    }

    /** Only {@code {"Reason":"Success"}}-like reasons; failures carry texts worth the full parser. */
    private void endReason(TaskEvent e) {
        open();
        for (boolean first = true; nextKey(first); first = false) {
            if (!key(REASON)) {
                throw NOT_PLAIN;
            }
            e.reason = string();
        }
    }

    private void taskMetrics(TaskEvent e) {
        e.hasMetrics = true;
        long[] m = e.metrics;
        open();
        for (boolean first = true; nextKey(first); first = false) {
            if (key(SHUFFLE_READ)) {
                numbers(SHUFFLE_READ_KEYS, SHUFFLE_READ_SLOTS, m);
            } else if (key(SHUFFLE_WRITE)) {
                numbers(SHUFFLE_WRITE_KEYS, SHUFFLE_WRITE_SLOTS, m);
            } else if (key(INPUT)) {
                numbers(INPUT_KEYS, INPUT_SLOTS, m);
            } else if (key(OUTPUT)) {
                numbers(OUTPUT_KEYS, OUTPUT_SLOTS, m);
            } else {
                int k = keyIndex(METRIC_KEYS);
                if (k >= 0) {
                    m[METRIC_SLOTS[k]] = integer();
                } else {
                    skip();
                }
            }
        }
    }

    /** An object of numbers: the named ones go to their slots, the rest are stepped over. */
    private void numbers(byte[][] keys, int[] slots, long[] m) {
        open();
        for (boolean first = true; nextKey(first); first = false) {
            int k = keyIndex(keys);
            if (k >= 0) {
                m[slots[k]] = integer();
            } else {
                skip();
            }
        }
    }

    private void executorMetrics(TaskEvent e) {
        open();
        for (boolean first = true; nextKey(first); first = false) {
            e.setExecutorMetric(metricIndex(), integer());
        }
    }

    /** The current key's executor-metric index, found by its bytes among the names seen before. */
    private int metricIndex() {
        // lines list the names in the same order: start where the last one was found
        for (int n = 0; n < metricNameCount; n++) {
            int k = metricHint + n < metricNameCount ? metricHint + n : metricHint + n - metricNameCount;
            if (key(metricNameBytes[k])) {
                metricHint = k + 1 < metricNameCount ? k + 1 : 0;
                return metricNameIndex[k];
            }
        }
        byte[] name = Arrays.copyOfRange(b, keyStart, keyStart + keyLength);
        int index = metricNames.indexOf(new String(name, StandardCharsets.UTF_8));
        if (metricNameCount == metricNameBytes.length) {
            metricNameBytes = Arrays.copyOf(metricNameBytes, metricNameCount * 2);
            metricNameIndex = Arrays.copyOf(metricNameIndex, metricNameCount * 2);
        }
        metricNameBytes[metricNameCount] = name;
        metricNameIndex[metricNameCount++] = index;
        return index;
    }

    // --- the plain JSON underneath

    private void open() {
        if (at() != '{') {
            throw NOT_PLAIN;
        }
        i++;
    }

    /** Steps to the next key of the current object (its name in keyStart/keyLength); false at its '}'. */
    private boolean nextKey(boolean first) {
        byte c = at();
        if (c == '}') {
            i++;
            return false;
        }
        if (!first) {
            if (c != ',') {
                throw NOT_PLAIN;
            }
            i++;
            c = at();
        }
        if (c != '"') {
            throw NOT_PLAIN;
        }
        int q = plainStringEnd();
        keyStart = i + 1;
        keyLength = q - keyStart;
        i = q + 1;
        if (at() != ':') {
            throw NOT_PLAIN;
        }
        i++;
        blanks();
        return true;
    }

    private boolean key(byte[] name) {
        return keyLength == name.length && Arrays.equals(b, keyStart, keyStart + keyLength, name, 0, name.length);
    }

    private int keyIndex(byte[][] names) {
        for (int k = 0; k < names.length; k++) {
            if (key(names[k])) {
                return k;
            }
        }
        return -1;
    }

    /** An integer of at most 18 digits (what getValueAsLong gives for it); anything else is not plain. */
    private long integer() {
        return integer(false);
    }

    /** @param quoted the number sits in a string (SQL metric updates): a '"' must follow it */
    private long integer(boolean quoted) {
        boolean negative = i < end && b[i] == '-';
        int d = negative ? i + 1 : i;
        long value = 0;
        int start = d;
        while (d < end && b[d] >= '0' && b[d] <= '9') {
            value = value * 10 + (b[d] - '0');
            d++;
        }
        int digits = d - start;
        if (digits == 0 || digits > 18 || (digits > 1 && b[start] == '0') || d >= end) {
            throw NOT_PLAIN;
        }
        if (quoted ? b[d] != '"' : !delimiter(b[d])) {
            throw NOT_PLAIN;
        }
        i = d;
        return negative ? -value : value;
    }

    private int int32() {
        long v = integer();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw NOT_PLAIN;
        }
        return (int) v;
    }

    private String string() {
        if (i >= end || b[i] != '"') {
            throw NOT_PLAIN;
        }
        int q = plainStringEnd();
        // plain strings are ASCII: Latin-1 decoding gives the same text, without a UTF-8 decoder
        String s = new String(b, i + 1, q - i - 1, StandardCharsets.ISO_8859_1);
        i = q + 1;
        return s;
    }

    /** The closing quote of the string at the cursor, if it is plain (ASCII, no escapes, no control characters). */
    private int plainStringEnd() {
        int q = ByteScan.plainStringEnd(b, i + 1, Math.min(end, i + 1 + MAX_STRING_BYTES));
        if (q < 0 || b[q] != '"') {
            throw NOT_PLAIN;
        }
        return q;
    }

    private boolean bool() {
        if (literal(TRUE)) {
            return true;
        }
        if (literal(FALSE)) {
            return false;
        }
        throw NOT_PLAIN;
    }

    private boolean literal(byte[] word) {
        if (end - i > word.length && Arrays.equals(b, i, i + word.length, word, 0, word.length)
                && delimiter(b[i + word.length])) {
            i += word.length;
            return true;
        }
        return false;
    }

    /** Steps over a value the event does not need, checking it is well-formed JSON as Jackson would. */
    private void skip() {
        value(0);
    }

    private void value(int depth) {
        byte c = at();
        if (c == '{' || c == '[') {
            if (depth >= MAX_DEPTH) {
                throw NOT_PLAIN;
            }
            i++;
            if (c == '{') {
                for (boolean first = true; nextKey(first); first = false) {
                    value(depth + 1);
                }
            } else {
                for (boolean first = true; nextElement(first); first = false) {
                    value(depth + 1);
                }
            }
        } else if (c == '"') {
            i = plainStringEnd() + 1;
        } else if (!literal(TRUE) && !literal(FALSE) && !literal(NULL)) {
            number();
        }
    }

    /** Steps to the next element of the current array; false at its ']'. */
    private boolean nextElement(boolean first) {
        byte c = at();
        if (c == ']') {
            i++;
            return false;
        }
        if (!first) {
            if (c != ',') {
                throw NOT_PLAIN;
            }
            i++;
        }
        return true;
    }

    /** A JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, followed by a delimiter. */
    private void number() {
        int start = i;
        if (i < end && b[i] == '-') {
            i++;
        }
        if (i < end && b[i] == '0') {
            i++;
        } else if (digits() == 0) {
            throw NOT_PLAIN;
        }
        if (i < end && b[i] == '.') {
            i++;
            if (digits() == 0) {
                throw NOT_PLAIN;
            }
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            if (digits() == 0) {
                throw NOT_PLAIN;
            }
        }
        if (i - start > MAX_NUMBER_CHARS || i >= end || !delimiter(b[i])) {
            throw NOT_PLAIN;
        }
    }

    private int digits() {
        int start = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i - start;
    }

    private static boolean delimiter(byte c) {
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    /** The byte at the cursor after blanks; {@link ArrayIndexOutOfBoundsException} past the line is caught as not plain. */
    private byte at() {
        blanks();
        if (i >= end) {
            throw NOT_PLAIN;
        }
        return b[i];
    }

    private void blanks() {
        while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
