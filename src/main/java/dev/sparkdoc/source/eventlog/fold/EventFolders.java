package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.source.eventlog.events.EventNames;
import dev.sparkdoc.source.eventlog.events.ExecutorMetricNames;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import java.util.Set;

/** Routes each event to the folder that understands it; counts events nobody reads. */
public final class EventFolders {

    /** Spark events that carry nothing the snapshot keeps: known, so not "unknown". */
    private static final Set<String> IGNORED = Set.of(
            "SparkListenerTaskGettingResult", "SparkListenerBlockManagerRemoved", "SparkListenerUnpersistRDD",
            "SparkListenerBlockUpdated", "SparkListenerResourceProfileAdded", "SparkListenerSpeculativeTaskSubmitted",
            "SparkListenerMiscellaneousProcessAdded", "SparkListenerExecutorExcludedForStage",
            "SparkListenerExecutorBlacklistedForStage", "SparkListenerNodeExcludedForStage",
            "SparkListenerNodeBlacklistedForStage", "SparkListenerUnschedulableTaskSetAdded",
            "SparkListenerUnschedulableTaskSetRemoved");

    public final ExecutorMetricNames metricNames = new ExecutorMetricNames();
    /** Events that cannot be modelled (an executor without an id, a job end without its start), by what they lack. */
    public final SkippedEvents skipped = new SkippedEvents();

    final AppFolder app = new AppFolder();
    final JobStageFolder jobStages = new JobStageFolder();
    final ExecutorFolder executors = new ExecutorFolder(metricNames, skipped);
    final SqlFolder sql = new SqlFolder();
    final StreamingFolder streaming = new StreamingFolder();

    /** Tasks started and ended so far: a replayed or late event must not count a task twice. */
    private final TaskIdSet startedTasks = new TaskIdSet();
    private final TaskIdSet endedTasks = new TaskIdSet();

    public long knownEvents;
    public long unknownEvents;
    /** Task events dropped as repeats (a compacted log replays some) or as starts after their end. */
    public long repeatedTaskEvents;
    /** The log's first and last times: "now" for a log that ends early, the start for one without ApplicationStart. */
    final LogClock clock = new LogClock();

    /** Whether the log had its ApplicationEnd. */
    public boolean appEnded() {
        return app.ended;
    }

    /** Whether a task's accumulable update is worth keeping: a SQL plan metric of the app. */
    public boolean wantedAccumulator(long id) {
        return sql.accumulators.isRegistered(id);
    }

    public void onEvent(String type, JsonNode e) {
        String name = EventNames.simpleName(type);
        boolean known = app.onEvent(name, e) || jobStages.onEvent(name, e) || executors.onEvent(name, e)
                || sql.onEvent(name, e) || streaming.onEvent(name, e, clock.last()) || IGNORED.contains(name);
        if (known) {
            knownEvents++;
            seeTimes(e);
        } else {
            unknownEvents++;
        }
    }

    public void onTaskStart(TaskEvent t) {
        knownEvents++;
        see(t.launchTime);
        // A start after the task's end (events out of order) would leave a phantom running task.
        if (!startedTasks.add(t.taskId) || endedTasks.contains(t.taskId)) {
            repeatedTaskEvents++;
            return;
        }
        jobStages.taskStarted(t);
        executors.taskStarted(t);
    }

    public void onTaskEnd(TaskEvent t) {
        knownEvents++;
        see(t.finishTime);
        if (!endedTasks.add(t.taskId)) {
            repeatedTaskEvents++;
            return;
        }
        jobStages.taskEnded(t);
        executors.taskEnded(t);
        sql.taskEnded(t);
    }

    /**
     * The times that say when the event was posted (see {@link LogClock}). A StageCompleted also
     * carries its submission, hours back for a long stage: only its completion is the clock.
     */
    private void seeTimes(JsonNode e) {
        see(e.path("Timestamp").asLong(-1));
        see(e.path("time").asLong(-1));
        see(e.path("Submission Time").asLong(-1));
        see(e.path("Completion Time").asLong(-1));
        JsonNode info = e.path("Stage Info");
        long completion = info.path("Completion Time").asLong(-1);
        see(completion > 0 ? completion : info.path("Submission Time").asLong(-1));
    }

    private void see(long time) {
        clock.see(time);
    }
}
