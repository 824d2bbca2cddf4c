package dev.sparkdoc.source.eventlog.fold;

import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * The few tasks of a stage attempt worth showing: the slowest successful ones, the first
 * failed ones and those still running when the log ends. Bounded whatever the stage size.
 */
final class NotableTasks {

    static final int SLOWEST = 10;
    static final int FAILED = 10;
    static final int RUNNING_SHOWN = 10;
    /** Task starts kept until their end arrives; more than any cluster runs at once. */
    static final int RUNNING_TRACKED = 100_000;

    private final PriorityQueue<TaskSample> slowest =
            new PriorityQueue<>(Comparator.comparingLong(TaskSample::durationMs));
    private final List<TaskSample> failed = new ArrayList<>();
    private final Map<Long, TaskSample> running = new LinkedHashMap<>();

    void started(TaskEvent e) {
        if (running.size() < RUNNING_TRACKED) {
            running.put(e.taskId, sample(e, "RUNNING", 0, Optional.empty()));
        }
    }

    void ended(TaskEvent e, String status, Optional<String> error) {
        running.remove(e.taskId);
        if (e.succeeded()) {
            long duration = e.durationMs();
            if (slowest.size() < SLOWEST || duration > slowest.peek().durationMs()) {
                slowest.add(sample(e, status, duration, error));
                if (slowest.size() > SLOWEST) {
                    slowest.poll();
                }
            }
        } else if (failed.size() < FAILED) {
            failed.add(sample(e, status, e.durationMs(), error));
        }
    }

    /** Running tasks get their time so far, measured to {@code asOf} (the log's last event). */
    List<TaskSample> samples(long asOf) {
        List<TaskSample> out = new ArrayList<>(slowest);
        out.sort(Comparator.comparingLong(TaskSample::durationMs).reversed());
        out.addAll(failed);
        running.values().stream()
                .map(t -> withDuration(t, Math.max(0, asOf - t.launchTime().toEpochMilli())))
                .sorted(Comparator.comparingLong(TaskSample::durationMs).reversed())
                .limit(RUNNING_SHOWN)
                .forEach(out::add);
        return out;
    }

    int runningCount() {
        return running.size();
    }

    private static TaskSample sample(TaskEvent e, String status, long duration, Optional<String> error) {
        long[] m = e.metrics;
        return new TaskSample(e.taskId, e.index, e.attempt, e.partitionId < 0 ? e.index : e.partitionId,
                e.executorId, e.host, status, e.speculative, Instant.ofEpochMilli(e.launchTime), duration,
                m[TaskEvent.RUN_TIME], m[TaskEvent.GC_TIME], m[TaskEvent.INPUT_BYTES], e.shuffleReadBytes(),
                m[TaskEvent.SHUFFLE_BYTES_WRITTEN], m[TaskEvent.DISK_SPILLED], error);
    }

    private static TaskSample withDuration(TaskSample t, long duration) {
        return new TaskSample(t.taskId(), t.index(), t.attempt(), t.partitionId(), t.executorId(), t.host(),
                t.status(), t.speculative(), t.launchTime(), duration, t.executorRunTimeMs(), t.jvmGcTimeMs(),
                t.inputBytes(), t.shuffleReadBytes(), t.shuffleWriteBytes(), t.bytesSpilled(), t.errorMessage());
    }
}
