package dev.sparkdoc.source.eventlog.events;

import java.util.Arrays;

/**
 * One SparkListenerTaskStart or SparkListenerTaskEnd, parsed into reused fields. Task events
 * are the bulk of every log, so one instance is filled again for each line instead of
 * building objects per task.
 */
public final class TaskEvent {

    // indices into metrics[]; names as in JsonProtocol's "Task Metrics"
    public static final int DESERIALIZE_TIME = 0;
    static final int DESERIALIZE_CPU = 1;
    public static final int RUN_TIME = 2;
    public static final int CPU_TIME = 3;
    public static final int PEAK_EXECUTION_MEMORY = 4;
    public static final int RESULT_SIZE = 5;
    public static final int GC_TIME = 6;
    static final int RESULT_SERIALIZATION_TIME = 7;
    public static final int MEMORY_SPILLED = 8;
    public static final int DISK_SPILLED = 9;
    public static final int SHUFFLE_REMOTE_BYTES = 10;
    public static final int SHUFFLE_LOCAL_BYTES = 11;
    public static final int SHUFFLE_FETCH_WAIT = 12;
    public static final int SHUFFLE_RECORDS_READ = 13;
    public static final int SHUFFLE_BYTES_WRITTEN = 14;
    public static final int SHUFFLE_WRITE_TIME = 15;
    public static final int SHUFFLE_RECORDS_WRITTEN = 16;
    public static final int INPUT_BYTES = 17;
    public static final int INPUT_RECORDS = 18;
    public static final int OUTPUT_BYTES = 19;
    public static final int OUTPUT_RECORDS = 20;
    public static final int METRIC_COUNT = 21;

    public boolean end;
    public int stageId;
    public int stageAttemptId;

    public long taskId;
    public int index;
    public int attempt;
    public int partitionId;
    public long launchTime;
    public long finishTime;
    long gettingResultTime;
    public String executorId;
    public String host;
    public boolean speculative;

    /** Task End Reason: "Success", "ExceptionFailure", "FetchFailed", "TaskKilled", … */
    public String reason;
    public String exceptionClass;
    /** ExceptionFailure Description, FetchFailed Message, Kill Reason, Loss Reason. */
    public String message;
    public String stackTrace;
    String lostExecutorId;

    public boolean hasMetrics;
    public final long[] metrics = new long[METRIC_COUNT];

    /** Task Executor Metrics (Spark 3.0+), by {@link ExecutorMetricNames} index; -1 = absent. */
    public long[] executorMetrics = new long[32];
    public boolean hasExecutorMetrics;

    /** Accumulable updates (ID, Update) of the task, for SQL plan metrics. */
    public long[] accumIds = new long[64];
    public long[] accumUpdates = new long[64];
    public int accumCount;

    void reset(boolean isEnd) {
        end = isEnd;
        stageId = -1;
        stageAttemptId = 0;
        taskId = -1;
        index = -1;
        attempt = 0;
        partitionId = -1;
        launchTime = 0;
        finishTime = 0;
        gettingResultTime = 0;
        executorId = "";
        host = "";
        speculative = false;
        reason = "Success";
        exceptionClass = null;
        message = null;
        stackTrace = null;
        lostExecutorId = null;
        hasMetrics = false;
        Arrays.fill(metrics, 0L);
        hasExecutorMetrics = false;
        Arrays.fill(executorMetrics, -1L);
        accumCount = 0;
    }

    public boolean succeeded() {
        return "Success".equals(reason);
    }

    /** TaskKilled and TaskCommitDenied count as killed, like Spark's AppStatusListener. */
    public boolean killed() {
        return "TaskKilled".equals(reason) || "TaskCommitDenied".equals(reason);
    }

    public long durationMs() {
        return finishTime > 0 && launchTime > 0 ? Math.max(0, finishTime - launchTime) : 0;
    }

    public long shuffleReadBytes() {
        return metrics[SHUFFLE_REMOTE_BYTES] + metrics[SHUFFLE_LOCAL_BYTES];
    }

    /** AppStatusUtils.schedulerDelay: what is left of the task's wall time, never below 0. */
    public long schedulerDelayMs() {
        long gettingResult = gettingResultTime > 0 ? Math.max(0, finishTime - gettingResultTime) : 0;
        return Math.max(0, durationMs() - metrics[RUN_TIME] - metrics[DESERIALIZE_TIME]
                - metrics[RESULT_SERIALIZATION_TIME] - gettingResult);
    }

    void setExecutorMetric(int idx, long value) {
        if (idx >= executorMetrics.length) {
            long[] bigger = Arrays.copyOf(executorMetrics, Math.max(idx + 1, executorMetrics.length * 2));
            Arrays.fill(bigger, executorMetrics.length, bigger.length, -1L);
            executorMetrics = bigger;
        }
        executorMetrics[idx] = value;
        hasExecutorMetrics = true;
    }

    void addAccumulable(long id, long update) {
        if (accumCount == accumIds.length) {
            accumIds = Arrays.copyOf(accumIds, accumCount * 2);
            accumUpdates = Arrays.copyOf(accumUpdates, accumCount * 2);
        }
        accumIds[accumCount] = id;
        accumUpdates[accumCount] = update;
        accumCount++;
    }
}
