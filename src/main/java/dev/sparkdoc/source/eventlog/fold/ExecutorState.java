package dev.sparkdoc.source.eventlog.fold;

import dev.sparkdoc.model.Executor;
import dev.sparkdoc.source.eventlog.events.ExecutorMetricNames;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** One executor (or the driver) as the log unfolds. */
final class ExecutorState {

    final String id;
    String host = "";
    int port = -1;
    int totalCores;
    long maxMemory;
    long addTime = -1;
    long removeTime = -1;
    /** ExecutorRemoved was seen: dead even when its time was dropped as outside the log's span (TimeSanity). */
    boolean removed;
    String removeReason;
    /** The executor's log links from its ExecutorAdded event (stdout, stderr), as the REST API gives them. */
    final java.util.Map<String, String> logUrls = new java.util.LinkedHashMap<>();
    boolean excluded;

    int started;
    int completed;
    int failed;
    int ended;
    long totalDurationMs;
    long totalGcTimeMs;
    long totalInputBytes;
    long totalShuffleRead;
    long totalShuffleWrite;

    /** Peak ExecutorMetrics by {@link ExecutorMetricNames} index; -1 = never reported. */
    private long[] peaks = new long[0];

    ExecutorState(String id) {
        this.id = id;
    }

    void taskEnded(TaskEvent e) {
        ended++;
        if (e.succeeded()) {
            completed++;
        } else if (!e.killed()) {
            failed++;
        }
        totalDurationMs += e.durationMs();
        if (e.hasMetrics) {
            totalGcTimeMs += e.metrics[TaskEvent.GC_TIME];
            totalInputBytes += e.metrics[TaskEvent.INPUT_BYTES];
            totalShuffleRead += e.shuffleReadBytes();
            totalShuffleWrite += e.metrics[TaskEvent.SHUFFLE_BYTES_WRITTEN];
        }
        if (e.hasExecutorMetrics) {
            updatePeaks(e.executorMetrics);
        }
    }

    /** Keeps the larger value per metric; entries of -1 are absent. */
    void updatePeaks(long[] values) {
        if (values.length > peaks.length) {
            int old = peaks.length;
            peaks = Arrays.copyOf(peaks, values.length);
            Arrays.fill(peaks, old, peaks.length, -1L);
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i] > peaks[i]) {
                peaks[i] = values[i];
            }
        }
    }

    /** maxTasks = cores / spark.task.cpus, as Spark computes it. */
    private Executor toExecutor(int taskCpus, Map<String, Long> peakByName) {
        String hostPort = port >= 0 ? host + ":" + port : host;
        int active = Math.max(0, started - ended);
        return new Executor(id, hostPort, !removed, totalCores, taskCpus > 0 ? totalCores / taskCpus : totalCores,
                active, failed, completed, Math.max(started, ended), totalDurationMs, totalGcTimeMs, totalInputBytes,
                totalShuffleRead, totalShuffleWrite, 0, maxMemory, 0, StageState.time(addTime),
                StageState.time(removeTime), Optional.ofNullable(removeReason), excluded, peakByName, logUrls);
    }

    Executor toExecutor(int taskCpus, ExecutorMetricNames names) {
        Map<String, Long> peakByName = new LinkedHashMap<>();
        for (int i = 0; i < peaks.length; i++) {
            if (peaks[i] >= 0) {
                peakByName.put(names.name(i), peaks[i]);
            }
        }
        return toExecutor(taskCpus, peakByName);
    }
}
