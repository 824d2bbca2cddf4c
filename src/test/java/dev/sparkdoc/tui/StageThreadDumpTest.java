package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskThread;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The stage detail shows where its longest-running task is now, with the user's frame marked, at 80 columns. */
class StageThreadDumpTest {

    /** The frames of a real dump (LiveThreadDumpScenarioTest, Spark 4.0.1), the user's class renamed. */
    private static final List<String> FRAMES = List.of("java.lang.Thread.sleep(Native Method)",
            "com.acme.etl.MyParser.parse(MyParser.java:47)", "com.acme.etl.MyParser.call(MyParser.java:42)",
            "org.apache.spark.sql.internal.ToScalaUDF$.$anonfun$apply$13(ToScalaUDF.scala:100)",
            "org.apache.spark.sql.catalyst.expressions.GeneratedClass$GeneratedIteratorForCodegenStage1.processNext(Unknown Source)",
            "org.apache.spark.sql.execution.BufferedRowIterator.hasNext(BufferedRowIterator.java:43)",
            "org.apache.spark.scheduler.ShuffleMapTask.runTask(ShuffleMapTask.scala:111)",
            "org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:650)",
            "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1136)",
            "java.lang.Thread.run(Thread.java:840)");

    @Test
    void theStageDetailShowsTheRunningTasksStackWithTheUsersFrameMarked() {
        AppSnapshot snap = Snapshots.app().running(Snapshots.T0.plusSeconds(300))
                .stage(stage(3).tasks(10, 9).active(1).runningTask("1", 25_000)).build();
        long taskId = snap.stages().get(0).notableTasks().get(0).taskId();
        snap = snap.withTaskThreads(List.of(new TaskThread(taskId, 3, 0, "1",
                "Executor task launch worker for task 9.0 in stage 3.0 (TID " + taskId + ")", "TIMED_WAITING", FRAMES,
                Optional.empty(), Snapshots.T0.plusSeconds(300))));
        UiState s = TuiFixtures.live(snap, 80, 24);
        Stage st = snap.stages().get(0);

        List<String> lines = StageDetailView.lines(s, st, 80).stream().map(Line::text).toList();

        assertThat(lines).contains("Where task " + taskId + " is now (thread dump at 2026-11-29T10:05:00Z)",
                "  → com.acme.etl.MyParser.parse(MyParser.java:47)", "    java.lang.Thread.sleep(Native Method)",
                "    … 6 more frames (Spark's task runner)");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("  TIMED_WAITING · Executor task launch worker"));
    }

    @Test
    void aStageWithoutADumpShowsNoSuchSection() {
        AppSnapshot snap = Snapshots.app().running(Snapshots.T0.plusSeconds(300))
                .stage(stage(3).tasks(10, 9).active(1).runningTask("1", 25_000)).build();
        List<String> lines = StageDetailView.lines(TuiFixtures.live(snap, 80, 24), snap.stages().get(0), 80).stream().map(Line::text).toList();
        assertThat(lines).noneSatisfy(l -> assertThat(l).startsWith("Where task"));
    }
}
