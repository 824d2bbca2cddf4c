package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Jobs and stage attempts, with the task events folded into them, following Spark's
 * AppStatusListener: a stage named only in a JobStart is PENDING, StageSubmitted makes it
 * ACTIVE, StageCompleted COMPLETE (FAILED with a Failure Reason), and a stage still PENDING
 * when its job ends was SKIPPED (its output was reused).
 */
final class JobStageFolder {

    final Map<Integer, JobState> jobs = new LinkedHashMap<>();
    final Map<Long, StageState> stages = new LinkedHashMap<>();
    private final Map<Integer, List<StageState>> attemptsById = new HashMap<>();

    boolean onEvent(String type, JsonNode e) {
        switch (type) {
            case "SparkListenerJobStart" -> jobStart(e);
            case "SparkListenerJobEnd" -> jobEnd(e);
            case "SparkListenerStageSubmitted" -> {
                StageState stage = stage(e.path("Stage Info"));
                stage.applyInfo(e.path("Stage Info"));
                // a StageCompleted read first (events out of order) is not undone by a late submit
                if (stage.status == StageStatus.PENDING || stage.status == StageStatus.SKIPPED) {
                    stage.status = StageStatus.ACTIVE;
                }
                String description = AppFolder.text(e.path("Properties"), "spark.job.description");
                if (description != null) {
                    stage.description = description;
                }
            }
            case "SparkListenerStageCompleted" -> {
                StageState stage = stage(e.path("Stage Info"));
                stage.applyInfo(e.path("Stage Info"));
                stage.completed();
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void jobStart(JsonNode e) {
        JobState job = jobs.computeIfAbsent(e.path("Job ID").asInt(), JobState::new);
        job.started = true;
        job.submissionTime = e.path("Submission Time").asLong(-1);
        JsonNode props = e.path("Properties");
        job.description = AppFolder.text(props, "spark.job.description");
        job.jobGroup = AppFolder.text(props, "spark.jobGroup.id");
        String sqlId = AppFolder.text(props, "spark.sql.execution.id");
        try {
            job.sqlExecutionId = sqlId == null ? null : Long.parseLong(sqlId.trim());
        } catch (NumberFormatException ignored) {
            job.sqlExecutionId = null;
        }
        List<JsonNode> infos = new ArrayList<>();
        e.path("Stage Infos").forEach(infos::add);
        infos.sort(Comparator.comparingInt(i -> i.path("Stage ID").asInt()));
        // Spark names a job after its last stage and counts only the tasks of stages yet to run.
        job.name = infos.isEmpty() ? "" : infos.get(infos.size() - 1).path("Stage Name").asText("");
        job.numTasks = infos.stream().filter(i -> !i.hasNonNull("Completion Time"))
                .mapToInt(i -> i.path("Number of Tasks").asInt()).sum();
        job.stageIds.clear();
        if (e.has("Stage IDs")) {
            e.path("Stage IDs").forEach(id -> job.stageIds.add(id.asInt()));
        } else {
            infos.forEach(i -> job.stageIds.add(i.path("Stage ID").asInt()));
        }
        for (JsonNode info : infos) {
            StageState stage = stage(info);
            if (stage.status == StageStatus.PENDING) {
                stage.applyInfo(info);
            }
            stage.jobIds.add(job.jobId);
        }
        if (job.status != JobStatus.RUNNING) {
            // the JobEnd came first (events out of order): its stages never run were skipped
            skipPending(job);
        }
    }

    private void jobEnd(JsonNode e) {
        JobState job = jobs.computeIfAbsent(e.path("Job ID").asInt(), JobState::new);
        job.completionTime = e.path("Completion Time").asLong(-1);
        JsonNode result = e.path("Job Result");
        if ("JobSucceeded".equals(result.path("Result").asText())) {
            job.status = JobStatus.SUCCEEDED;
        } else {
            job.status = JobStatus.FAILED;
            job.failureReason = AppFolder.text(result.path("Exception"), "Message");
        }
        skipPending(job);
    }

    private void skipPending(JobState job) {
        for (int stageId : job.stageIds) {
            for (StageState stage : attemptsById.getOrDefault(stageId, List.of())) {
                if (stage.status == StageStatus.PENDING) {
                    stage.status = StageStatus.SKIPPED;
                }
            }
        }
    }

    void taskStarted(TaskEvent t) {
        StageState stage = stage(t.stageId, t.stageAttemptId);
        stage.taskStarted(t);
        for (int jobId : stage.jobIds) {
            JobState job = jobs.get(jobId);
            if (job != null) {
                job.taskStarted();
            }
        }
    }

    void taskEnded(TaskEvent t) {
        StageState stage = stage(t.stageId, t.stageAttemptId);
        stage.taskEnded(t);
        for (int jobId : stage.jobIds) {
            JobState job = jobs.get(jobId);
            if (job != null) {
                job.taskEnded(t);
            }
        }
    }

    private StageState stage(JsonNode info) {
        return stage(info.path("Stage ID").asInt(), info.path("Stage Attempt ID").asInt(0));
    }

    StageState stage(int stageId, int attemptId) {
        long key = ((long) stageId << 32) | (attemptId & 0xffffffffL);
        StageState stage = stages.get(key);
        if (stage == null) {
            stage = new StageState(stageId, attemptId);
            stages.put(key, stage);
            attemptsById.computeIfAbsent(stageId, id -> new ArrayList<>(1)).add(stage);
        }
        return stage;
    }

    Collection<StageState> attempts(int stageId) {
        return attemptsById.getOrDefault(stageId, List.of());
    }
}
