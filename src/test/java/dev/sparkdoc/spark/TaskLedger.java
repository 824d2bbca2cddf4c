package dev.sparkdoc.spark;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;

/**
 * A listener that writes down what Spark itself says happened: every job, submitted stage and
 * task end. Tests compare what sparkdoc reads (REST, event log) against this ground truth.
 *
 * <p>Listener events arrive asynchronously: call {@link LocalSpark#awaitListenersIdle()} before
 * reading a ledger after a job returned.
 */
public final class TaskLedger extends SparkListener {

    /** One finished task attempt, with the numbers the agreement tests compare. */
    public record TaskEnd(int stageId, int stageAttempt, long taskId, boolean successful,
                          long durationMs, long shuffleReadBytes, long shuffleWriteBytes) {
    }

    /** A stage attempt, ordered by id then attempt. */
    public record StageKey(int stageId, int attempt) implements Comparable<StageKey> {
        @Override
        public int compareTo(StageKey o) {
            return stageId != o.stageId ? Integer.compare(stageId, o.stageId) : Integer.compare(attempt, o.attempt);
        }
    }

    private final ConcurrentLinkedQueue<Integer> jobIds = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<StageKey> submittedStages = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<TaskEnd> taskEnds = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> taskStarts = new ConcurrentLinkedQueue<>();

    @Override
    public void onJobStart(SparkListenerJobStart jobStart) {
        jobIds.add(jobStart.jobId());
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted submitted) {
        submittedStages.add(new StageKey(submitted.stageInfo().stageId(), submitted.stageInfo().attemptNumber()));
    }

    @Override
    public void onTaskStart(SparkListenerTaskStart taskStart) {
        taskStarts.add(taskStart.taskInfo().taskId());
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        TaskMetrics m = end.taskMetrics(); // null for some failed tasks
        long read = m == null ? 0 : m.shuffleReadMetrics().totalBytesRead();
        long written = m == null ? 0 : m.shuffleWriteMetrics().bytesWritten();
        taskEnds.add(new TaskEnd(end.stageId(), end.stageAttemptId(), end.taskInfo().taskId(),
                end.taskInfo().successful(), end.taskInfo().duration(), read, written));
    }

    public Set<Integer> jobIds() {
        return new TreeSet<>(jobIds);
    }

    /** Stage attempts that ran (skipped stages are never submitted, so they are not here). */
    public Set<StageKey> submittedStages() {
        return new TreeSet<>(submittedStages);
    }

    public int tasksStarted() {
        return taskStarts.size();
    }

    public List<TaskEnd> taskEnds() {
        return List.copyOf(taskEnds);
    }

    public List<TaskEnd> taskEnds(int stageId, int attempt) {
        return taskEnds.stream().filter(t -> t.stageId() == stageId && t.stageAttempt() == attempt).toList();
    }

    /** Successful task durations of a stage attempt, ascending. */
    public long[] sortedDurations(int stageId, int attempt) {
        return taskEnds(stageId, attempt).stream().filter(TaskEnd::successful)
                .mapToLong(TaskEnd::durationMs).sorted().toArray();
    }
}
