package dev.sparkdoc.source.eventlog.fold;

import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.util.ArrayList;
import java.util.List;

/** One job as the log unfolds. Task counts are updated live, as Spark's AppStatusListener does. */
final class JobState {

    final int jobId;
    String name = "";
    String description;
    String jobGroup;
    Long sqlExecutionId;
    JobStatus status = JobStatus.RUNNING;
    /** Whether its JobStart was read: a JobEnd alone makes no job. */
    boolean started;
    long submissionTime = -1;
    long completionTime = -1;
    String failureReason;
    final List<Integer> stageIds = new ArrayList<>();
    /** Tasks of the stages not yet run when the job started (Spark's JobData.numTasks). */
    int numTasks;

    int activeTasks;
    int completedTasks;
    int failedTasks;
    int killedTasks;

    JobState(int jobId) {
        this.jobId = jobId;
    }

    void taskStarted() {
        activeTasks++;
    }

    void taskEnded(TaskEvent e) {
        activeTasks = Math.max(0, activeTasks - 1);
        if (e.succeeded()) {
            completedTasks++;
        } else if (e.killed()) {
            killedTasks++;
        } else {
            failedTasks++;
        }
    }
}
