package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** One stage attempt as the log unfolds, folded like Spark's AppStatusListener does. */
final class StageState {

    final int stageId;
    final int attemptId;
    String name = "";
    String details = "";
    int numTasks;
    StageStatus status = StageStatus.PENDING;
    long submissionTime = -1;
    long firstLaunchTime = -1;
    long completionTime = -1;
    String failureReason;
    String description;
    final Set<Integer> jobIds = new TreeSet<>();

    int completed;
    int failed;
    int killed;
    final long[] totals = new long[TaskEvent.METRIC_COUNT];
    final StageTaskStats stats = new StageTaskStats();
    final NotableTasks notable = new NotableTasks();
    final FailureGroups failures = new FailureGroups();

    StageState(int stageId, int attemptId) {
        this.stageId = stageId;
        this.attemptId = attemptId;
    }

    /** Applies a "Stage Info" object (JobStart, StageSubmitted, StageCompleted). */
    void applyInfo(JsonNode info) {
        name = info.path("Stage Name").asText(name);
        details = info.path("Details").asText(details);
        numTasks = info.path("Number of Tasks").asInt(numTasks);
        submissionTime = info.path("Submission Time").asLong(submissionTime);
        completionTime = info.path("Completion Time").asLong(completionTime);
        if (info.hasNonNull("Failure Reason")) {
            failureReason = info.get("Failure Reason").asText();
        }
    }

    void taskStarted(TaskEvent e) {
        if (e.launchTime > 0 && (firstLaunchTime < 0 || e.launchTime < firstLaunchTime)) {
            firstLaunchTime = e.launchTime;
        }
        notable.started(e);
    }

    void taskEnded(TaskEvent e) {
        if (e.succeeded()) {
            completed++;
        } else if (e.killed()) {
            killed++;
        } else {
            failed++;
        }
        // Spark sums the metrics of every ended task into the stage, failed ones included.
        if (e.hasMetrics) {
            for (int i = 0; i < TaskEvent.METRIC_COUNT; i++) {
                totals[i] += e.metrics[i];
            }
            if (e.succeeded()) {
                stats.add(e);
            }
        }
        Optional<String> error = Optional.empty();
        if (!e.succeeded()) {
            failures.add(e);
            String line = FailureGroups.firstLine(e.message);
            error = Optional.of(line.isEmpty() ? e.reason : e.reason + ": " + line);
        }
        notable.ended(e, e.succeeded() ? "SUCCESS" : e.killed() ? "KILLED" : "FAILED", error);
    }

    void completed() {
        status = failureReason != null ? StageStatus.FAILED : StageStatus.COMPLETE;
        stats.freeze();
    }

    Stage toStage(long asOf) {
        int skipped = status == StageStatus.SKIPPED ? numTasks : 0;
        TaskCounts counts = new TaskCounts(numTasks, notable.runningCount(), completed, failed, killed, skipped);
        return new Stage(stageId, attemptId, status, name, Optional.ofNullable(description), details,
                List.copyOf(jobIds), counts, time(submissionTime), time(firstLaunchTime), time(completionTime),
                Optional.ofNullable(failureReason), totals(), stats.quantiles(), notable.samples(asOf),
                failures.failures());
    }

    static Optional<Instant> time(long epochMs) {
        return epochMs > 0 ? Optional.of(Instant.ofEpochMilli(epochMs)) : Optional.empty();
    }

    private StageTotals totals() {
        long[] t = totals;
        return new StageTotals(t[TaskEvent.RUN_TIME], t[TaskEvent.CPU_TIME], t[TaskEvent.DESERIALIZE_TIME],
                t[TaskEvent.GC_TIME], t[TaskEvent.RESULT_SIZE], t[TaskEvent.INPUT_BYTES], t[TaskEvent.INPUT_RECORDS],
                t[TaskEvent.OUTPUT_BYTES], t[TaskEvent.OUTPUT_RECORDS],
                t[TaskEvent.SHUFFLE_REMOTE_BYTES] + t[TaskEvent.SHUFFLE_LOCAL_BYTES], t[TaskEvent.SHUFFLE_RECORDS_READ],
                t[TaskEvent.SHUFFLE_REMOTE_BYTES], t[TaskEvent.SHUFFLE_FETCH_WAIT], t[TaskEvent.SHUFFLE_BYTES_WRITTEN],
                t[TaskEvent.SHUFFLE_RECORDS_WRITTEN], t[TaskEvent.SHUFFLE_WRITE_TIME], t[TaskEvent.MEMORY_SPILLED],
                t[TaskEvent.DISK_SPILLED], t[TaskEvent.PEAK_EXECUTION_MEMORY]);
    }
}
