package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.rest.dto.TaskDataDto;
import java.time.Instant;
import java.util.Optional;

/** {@code TaskData} → {@link TaskSample}. */
final class TaskMapper {

    private TaskMapper() {
    }

    /**
     * @param now the snapshot time: a running task's duration is {@code now − launchTime}, because
     *            Spark's own {@code duration} for a running task is stale (a few ms for a task that
     *            has run for seconds)
     */
    static TaskSample map(TaskDataDto t, Instant now) {
        Instant launch = RestDates.parse(t.launchTime()).orElse(now);
        String status = Texts.orEmpty(t.status());
        long duration = "RUNNING".equals(status)
                ? Math.max(0, now.toEpochMilli() - launch.toEpochMilli())
                : t.duration() == null ? 0 : t.duration();
        TaskDataDto.TaskMetricsDto m = t.taskMetrics();
        return new TaskSample(
                t.taskId(),
                t.index(),
                t.attempt(),
                t.partitionId(),
                Texts.orEmpty(t.executorId()),
                Texts.orEmpty(t.host()),
                status,
                t.speculative(),
                launch,
                duration,
                m == null ? 0 : m.executorRunTime(),
                m == null ? 0 : m.jvmGcTime(),
                m == null || m.inputMetrics() == null ? 0 : m.inputMetrics().bytesRead(),
                m == null || m.shuffleReadMetrics() == null ? 0
                        : m.shuffleReadMetrics().remoteBytesRead() + m.shuffleReadMetrics().localBytesRead(),
                m == null || m.shuffleWriteMetrics() == null ? 0 : m.shuffleWriteMetrics().bytesWritten(),
                // What reached disk; memoryBytesSpilled is the same data's in-memory size.
                m == null ? 0 : m.diskBytesSpilled(),
                Texts.nonBlank(t.errorMessage()).map(Texts::firstLine));
    }
}
