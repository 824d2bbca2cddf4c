package dev.sparkdoc.source.eventlog.fold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stages with more tasks than the exact limit switch to a t-digest: bounded memory, close quantiles. */
class LargeStageQuantilesTest {

    static final int TASKS = 50_000;

    @TempDir
    Path dir;

    @Test
    void fiftyThousandTaskStageUsesASketchWithExactMinMaxAndCloseMedian() throws IOException {
        long[] durations = new long[TASKS];
        Random random = new Random(1);
        Path file = dir.resolve("app-big");
        long runTimeSum = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"big\",\"App ID\":\"app-big\",\"Timestamp\":1000,\"User\":\"u\"}\n");
            w.write("{\"Event\":\"SparkListenerJobStart\",\"Job ID\":0,\"Submission Time\":1000,\"Stage Infos\":[{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"big\",\"Number of Tasks\":" + TASKS + "}],\"Stage IDs\":[0]}\n");
            w.write("{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"big\",\"Number of Tasks\":" + TASKS + ",\"Submission Time\":1000}}\n");
            for (int i = 0; i < TASKS; i++) {
                // log-normal task times, like real stages: a long tail above a typical value
                long duration = 50 + (long) Math.exp(6 + random.nextGaussian());
                durations[i] = duration;
                long runTime = duration - 5;
                runTimeSum += runTime;
                w.write("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Type\":\"ResultTask\",\"Task End Reason\":{\"Reason\":\"Success\"},"
                        + "\"Task Info\":{\"Task ID\":" + i + ",\"Index\":" + i + ",\"Attempt\":0,\"Launch Time\":2000,\"Executor ID\":\"" + (i % 8) + "\",\"Host\":\"h\",\"Finish Time\":" + (2000 + duration) + "},"
                        + "\"Task Metrics\":{\"Executor Run Time\":" + runTime + ",\"Shuffle Read Metrics\":{\"Remote Bytes Read\":" + i + "}}}\n");
            }
            w.write("{\"Event\":\"SparkListenerStageCompleted\",\"Stage Info\":{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"big\",\"Number of Tasks\":" + TASKS + ",\"Submission Time\":1000,\"Completion Time\":900000}}\n");
            w.write("{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":0,\"Completion Time\":900000,\"Job Result\":{\"Result\":\"JobSucceeded\"}}\n");
            w.write("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":900001}\n");
        }

        AppSnapshot s = new EventLogSource(file).read();

        Stage stage = s.stage(0, 0).orElseThrow();
        TaskQuantiles q = stage.quantiles().orElseThrow();
        long[] sorted = durations.clone();
        Arrays.sort(sorted);
        double trueMedian = sorted[TASKS / 2];
        Quantiles duration = q.get(TaskMetric.DURATION);

        assertThat(q.exact()).isFalse();
        assertThat(q.taskCount()).isEqualTo(TASKS);
        assertThat(duration.min()).isEqualTo(sorted[0]);
        assertThat(duration.max()).isEqualTo(sorted[TASKS - 1]);
        assertThat(duration.p50()).isCloseTo(trueMedian, within(trueMedian * 0.02));
        assertThat(q.get(TaskMetric.SHUFFLE_READ_BYTES).max()).isEqualTo(TASKS - 1);
        assertThat(stage.totals().executorRunTimeMs()).isEqualTo(runTimeSum);
        assertThat(stage.tasks().completed()).isEqualTo(TASKS);
        assertThat(stage.notableTasks()).hasSize(NotableTasks.SLOWEST)
                .first().satisfies(t -> assertThat(t.durationMs()).isEqualTo(sorted[TASKS - 1]));
        assertThat(s.executors()).hasSize(8);
    }
}
