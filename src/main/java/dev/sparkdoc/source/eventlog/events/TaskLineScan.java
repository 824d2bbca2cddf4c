package dev.sparkdoc.source.eventlog.events;

import static dev.sparkdoc.source.eventlog.events.TaskFields.*;

import java.util.function.LongPredicate;

/**
 * Reads a task start or a successful task end straight from the line's bytes, in the plain shape
 * Spark's JsonProtocol writes them: field names ({@link TaskFields}) compared as bytes (no
 * hashing, no symbol table), integers read as digits, strings without escapes, values not needed
 * stepped over.
 *
 * <p>Why: task lines are 90 % of a log's bytes, and reading them was the reading; this reads them
 * about twice as fast as Jackson's streaming parser, whose tokenizer canonicalises every field
 * name. Anything outside that plain shape — a failure reason with a stack trace, an escaped
 * string, a fraction, a number too long, malformed JSON — makes {@link #read} answer that the
 * line is not its own, and {@link LineParser} reads the whole line with {@link TaskEventParser},
 * whose result this must equal field by field ({@code TaskLineScanTest} checks every task line of
 * the real Spark logs in the test resources both ways, {@code TaskLineFuzzTest} any line).
 */
final class TaskLineScan {

    private final PlainJson json = new PlainJson();
    private final AccumulableEntries accumulables;
    // the keys of each kind of object as the last line had them (see KeyOrder)
    // task starts and ends differ in their keys: each has its own order
    private final KeyOrder startKeys = new KeyOrder(EVENT);
    private final KeyOrder endKeys = new KeyOrder(EVENT);
    private final KeyOrder startInfoKeys = new KeyOrder(INFO);
    private final KeyOrder endInfoKeys = new KeyOrder(INFO);
    private final KeyOrder reasonKeys = new KeyOrder(END_REASON);
    private final KeyOrder metricsKeys = new KeyOrder(METRICS);
    private final KeyOrder executorMetricsKeys;
    private final KeyOrder[] nestedMetricsKeys = {new KeyOrder(numbersOf(SHUFFLE_READ_METRICS)),
        new KeyOrder(numbersOf(SHUFFLE_WRITE_METRICS)), new KeyOrder(numbersOf(INPUT_METRICS)),
        new KeyOrder(numbersOf(OUTPUT_METRICS))};

    TaskLineScan(ExecutorMetricNames metricNames, LongPredicate wantedAccumulator) {
        this.accumulables = new AccumulableEntries(json, wantedAccumulator);
        // the index of each metric name, once per name and position: KeyOrder keeps it
        this.executorMetricsKeys = new KeyOrder(cursor -> metricNames.indexOf(cursor.keyString()));
    }

    /**
     * Reads the line into {@code e} (already reset); false when the line is not in the plain
     * shape: then it is Jackson's, whole, and {@code e} is not to be used.
     */
    boolean read(byte[] buf, int off, int len, TaskEvent e) {
        json.start(buf, off, len);
        json.open();
        KeyOrder keys = e.end ? endKeys : startKeys;
        for (int k = 0; keys.next(json, k); k++) {
            switch (keys.meaning(k, json)) {
                case STAGE_ID -> e.stageId = json.int32();
                case STAGE_ATTEMPT_ID -> e.stageAttemptId = json.int32();
                case TASK_INFO -> taskInfo(e);
                case TASK_END_REASON -> endReason(e);
                case TASK_METRICS -> taskMetrics(e);
                case TASK_EXECUTOR_METRICS -> executorMetrics(e);
                default -> json.skip();
            }
        }
        return json.plainToTheEnd();
    }

    private void taskInfo(TaskEvent e) {
        json.open();
        KeyOrder keys = e.end ? endInfoKeys : startInfoKeys;
        for (int k = 0; keys.next(json, k); k++) {
            switch (keys.meaning(k, json)) {
                case TASK_ID -> e.taskId = json.integer();
                case INDEX -> e.index = json.int32();
                case ATTEMPT -> e.attempt = json.int32();
                case PARTITION_ID -> e.partitionId = json.int32();
                case LAUNCH_TIME -> e.launchTime = json.integer();
                case FINISH_TIME -> e.finishTime = json.integer();
                case GETTING_RESULT_TIME -> e.gettingResultTime = json.integer();
                case EXECUTOR_ID -> e.executorId = json.text();
                case HOST -> e.host = json.text();
                case SPECULATIVE -> e.speculative = json.bool();
                case ACCUMULABLES -> accumulables.read(e);
                default -> json.skip();
            }
        }
    }

    /** Only {@code {"Reason":"Success"}}-like reasons; failures carry texts worth the full parser. */
    private void endReason(TaskEvent e) {
        json.open();
        for (int k = 0; reasonKeys.next(json, k); k++) {
            if (reasonKeys.meaning(k, json) != REASON) {
                json.notPlain();
                return;
            }
            e.reason = json.text();
        }
    }

    private void taskMetrics(TaskEvent e) {
        e.hasMetrics = true;
        long[] m = e.metrics;
        json.open();
        for (int k = 0; metricsKeys.next(json, k); k++) {
            int field = metricsKeys.meaning(k, json);
            if (field >= 0) {
                m[field] = json.integer();
            } else if (field == FieldTable.NOT_READ) {
                json.skip();
            } else {
                numbers(nestedMetricsKeys[SHUFFLE_READ_METRICS - field], m);
            }
        }
    }

    /** A nested object of numbers: the named ones go to their slots, the rest are stepped over. */
    private void numbers(KeyOrder keys, long[] m) {
        json.open();
        for (int k = 0; keys.next(json, k); k++) {
            int slot = keys.meaning(k, json);
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
            e.setExecutorMetric(executorMetricsKeys.meaning(k, json), json.integer());
        }
    }
}
