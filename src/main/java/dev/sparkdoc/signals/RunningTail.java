package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import java.util.List;
import java.util.OptionalLong;

/**
 * The tasks of an active stage that are still running, judged while they run: how long the
 * longest has taken against the finished median, and whether it is reading more than a median
 * task (skew) or about the same (a straggler) before its own metrics are final.
 *
 * <p>Two pieces of evidence, both lower-risk than a guess: a running task's shuffle read so far
 * (the executor's heartbeat reports it; local blocks are counted when the fetch starts, so it is
 * already most of the partition) is a lower bound, enough to say "skewed"; the shuffle still to
 * read by the running tasks, from the parent stages' writes ({@link ParentShuffle}) minus what the
 * finished tasks read, is exact once no task is pending, enough to say "even" too.
 */
final class RunningTail {

    private RunningTail() {
    }

    /**
     * @param remainingPerTask shuffle bytes the running tasks read in all, per running task; empty when unknown
     */
    record Live(DataSkew.Kind kind, OptionalLong remainingPerTask, String compared) {
    }

    static Live judge(AppContext ctx, Stage stage, TaskQuantiles q) {
        List<TaskSample> running = stage.notableTasks().stream().filter(TaskSample::running).toList();
        double median = q.get(TaskMetric.SHUFFLE_READ_BYTES).p50();
        long readSoFar = running.stream().mapToLong(TaskSample::shuffleReadBytes).max().orElse(0);
        OptionalLong perTask = remainingPerTask(ctx, stage, running);
        if (perTask.isEmpty() && readSoFar == 0) {
            return new Live(DataSkew.Kind.UNKNOWN, perTask, unknownWhy(stage));
        }
        long estimate = Math.max(readSoFar, perTask.orElse(0));
        String compared = ByteFormat.of(estimate) + " of shuffle read against the finished median's " + ByteFormat.of(median);
        double ratio = median > 0 ? estimate / median : Double.POSITIVE_INFINITY;
        if (ratio >= DataSkew.SKEWED_SAMPLED) {
            return new Live(DataSkew.Kind.SKEWED, perTask, compared);
        }
        // "Even" needs the exact figure: nothing pending to share the remaining bytes with.
        boolean exact = perTask.isPresent() && stage.tasks().pending() == 0;
        if (exact && ratio <= DataSkew.EVEN) {
            return new Live(DataSkew.Kind.EVEN, perTask, compared);
        }
        return new Live(DataSkew.Kind.UNKNOWN, perTask, compared);
    }

    /**
     * Parent writes minus what the finished tasks read, over the running and pending tasks. The
     * stage's totals include the running tasks' reads so far (heartbeat updates), so those are
     * taken back out; that needs every running task in hand.
     */
    private static OptionalLong remainingPerTask(AppContext ctx, Stage stage, List<TaskSample> running) {
        int unfinished = stage.tasks().active() + stage.tasks().pending();
        if (running.isEmpty() || running.size() != stage.tasks().active() || unfinished == 0) {
            return OptionalLong.empty();
        }
        OptionalLong toRead = ParentShuffle.bytesToRead(ctx, stage);
        if (toRead.isEmpty()) {
            return OptionalLong.empty();
        }
        long finishedRead = stage.totals().shuffleReadBytes() - running.stream().mapToLong(TaskSample::shuffleReadBytes).sum();
        long remaining = toRead.getAsLong() - finishedRead;
        // More read than the parents wrote: a partition read twice (AQE's skew split), not ours to guess.
        return remaining < 0 ? OptionalLong.empty() : OptionalLong.of(remaining / unfinished);
    }

    private static String unknownWhy(Stage stage) {
        return stage.totals().shuffleReadBytes() > 0
                ? "its shuffle read is not known yet (its parent stages' writes cannot be told apart)"
                : "it reads no shuffle, and its input is known only when it ends";
    }
}
