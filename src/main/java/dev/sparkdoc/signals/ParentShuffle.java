package dev.sparkdoc.signals;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * The shuffle bytes a reduce stage reads in all, from what the stages before it wrote: known while
 * its tasks still run, so a running task's data can be judged before its own metrics exist.
 *
 * <p>The REST API does not name a stage's parents, but a job holds exactly the stages its last
 * stage depends on, and a query's jobs hold every stage of the query (under AQE each exchange is
 * a job of its own, and the final job lists fresh, skipped stage ids for the shuffles already
 * written). Every shuffle those stages wrote is read within them: so when the stage is the only
 * one of them not finished, what it reads is their writes minus their reads. That holds only when
 * each ran once (a retried stage's writes are partial), so otherwise the answer is "unknown"
 * rather than a guess.
 */
final class ParentShuffle {

    private ParentShuffle() {
    }

    static OptionalLong bytesToRead(AppContext ctx, Stage stage) {
        Optional<Job> job = ctx.snapshot().jobs().stream()
                .filter(j -> j.stageIds().contains(stage.stageId()) && lastStage(j) == stage.stageId())
                .findFirst();
        if (job.isEmpty()) {
            return OptionalLong.empty();
        }
        Set<Integer> jobIds = new HashSet<>(List.of(job.get().jobId()));
        ctx.snapshot().sqlExecutions().stream()
                .filter(q -> q.runningJobIds().contains(job.get().jobId()) || q.successJobIds().contains(job.get().jobId()))
                .findFirst()
                .ifPresent(q -> {
                    jobIds.addAll(q.runningJobIds());
                    jobIds.addAll(q.successJobIds());
                    jobIds.addAll(q.failedJobIds());
                });
        Set<Integer> stageIds = new TreeSet<>();
        for (Job j : ctx.snapshot().jobs()) {
            if (jobIds.contains(j.jobId())) {
                stageIds.addAll(j.stageIds());
            }
        }
        return fromStages(ctx, stageIds, stage);
    }

    private static int lastStage(Job job) {
        return job.stageIds().stream().mapToInt(Integer::intValue).max().orElse(-1);
    }

    /**
     * A stage of the job that will be skipped is listed PENDING until the job ends (Spark's
     * status store marks it SKIPPED only then). Every other stage of the job is an ancestor of
     * its last one, and the scheduler starts a stage only when its parents' output exists: so
     * while the last stage runs, an ancestor that never started is one whose shuffle another
     * stage of the query already wrote (under AQE, always the case for a final stage).
     */
    private static boolean skipped(Stage ancestor, Stage running) {
        return ancestor.status() == StageStatus.SKIPPED
                || running.status() == StageStatus.ACTIVE && ancestor.status() == StageStatus.PENDING
                && ancestor.tasks().completed() == 0 && ancestor.tasks().active() == 0;
    }

    private static OptionalLong fromStages(AppContext ctx, Set<Integer> stageIds, Stage stage) {
        long written = 0;
        long readByOthers = 0;
        for (int id : stageIds) {
            if (id == stage.stageId()) {
                continue;
            }
            List<Stage> ran = ctx.attempts(id).stream().filter(a -> !skipped(a, stage)).toList();
            if (ran.isEmpty() && !ctx.attempts(id).isEmpty()) {
                continue;  // skipped: its shuffle was written by another stage of the query
            }
            if (ran.size() != 1 || ran.get(0).status() != StageStatus.COMPLETE) {
                return OptionalLong.empty();
            }
            written += ran.get(0).totals().shuffleWriteBytes();
            readByOthers += ran.get(0).totals().shuffleReadBytes();
        }
        long toRead = written - readByOthers;
        return toRead > 0 ? OptionalLong.of(toRead) : OptionalLong.empty();
    }
}
