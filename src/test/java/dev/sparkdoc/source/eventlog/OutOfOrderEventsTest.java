package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events out of order or repeated (a compacted log replays some, a listener bus posts late,
 * rolling files overlap): never a crash, a task counted twice, a phantom running task, a stage
 * reopened or a negative duration.
 */
class OutOfOrderEventsTest {

    static final String APP_START = "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"ooo\",\"App ID\":\"app-1\","
            + "\"Timestamp\":1000,\"User\":\"u\"}";
    static final String APP_END = "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":90000}";
    static final String JOB_START = "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":0,\"Submission Time\":2000,"
            + "\"Stage Infos\":[{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"map\",\"Number of Tasks\":2},"
            + "{\"Stage ID\":1,\"Stage Attempt ID\":0,\"Stage Name\":\"reduce\",\"Number of Tasks\":1}],\"Stage IDs\":[0,1]}";
    static final String JOB_END = "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":0,\"Completion Time\":9000,"
            + "\"Job Result\":{\"Result\":\"JobSucceeded\"}}";
    static final String STAGE_SUBMITTED = "{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":{\"Stage ID\":0,"
            + "\"Stage Attempt ID\":0,\"Stage Name\":\"map\",\"Number of Tasks\":2,\"Submission Time\":2100}}";
    static final String STAGE_COMPLETED = "{\"Event\":\"SparkListenerStageCompleted\",\"Stage Info\":{\"Stage ID\":0,"
            + "\"Stage Attempt ID\":0,\"Stage Name\":\"map\",\"Number of Tasks\":2,\"Submission Time\":2100,"
            + "\"Completion Time\":8000}}";

    @TempDir
    Path dir;

    static String taskStart(int id) {
        return "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Info\":{\"Task ID\":" + id
                + ",\"Index\":" + id + ",\"Attempt\":0,\"Launch Time\":3000,\"Executor ID\":\"1\",\"Host\":\"h\"}}";
    }

    static String taskEnd(int id) {
        return "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task End Reason\":{\"Reason\":"
                + "\"Success\"},\"Task Info\":{\"Task ID\":" + id + ",\"Index\":" + id + ",\"Attempt\":0,\"Launch Time\":3000,"
                + "\"Executor ID\":\"1\",\"Host\":\"h\",\"Finish Time\":7000},\"Task Metrics\":{\"Executor Run Time\":4000}}";
    }

    @Test
    void taskEndBeforeItsStartAndStageIsCountedOnceAndLeavesNoRunningTask() throws IOException {
        AppSnapshot s = read(APP_START, JOB_START, taskEnd(0), taskStart(0), STAGE_SUBMITTED, taskStart(1), taskEnd(1),
                STAGE_COMPLETED, JOB_END, APP_END);

        Stage map = s.stage(0, 0).orElseThrow();
        assertThat(map.status()).isEqualTo(StageStatus.COMPLETE);
        assertThat(map.tasks().completed()).isEqualTo(2);
        assertThat(map.tasks().active()).isZero();
        assertThat(map.totals().executorRunTimeMs()).isEqualTo(8000);
        assertThat(s.job(0).orElseThrow().tasks().active()).isZero();
        assertThat(s.job(0).orElseThrow().tasks().completed()).isEqualTo(2);
        assertThat(executor(s, "1").completedTasks()).isEqualTo(2);
        assertThat(s.source().notes()).contains(
                "1 repeated or late task event(s) ignored (a task already started or ended): each task is counted once");
    }

    @Test
    void replayedEventsOfACompactedLogAreCountedOnce() throws IOException {
        AppSnapshot s = read(APP_START, JOB_START, STAGE_SUBMITTED, taskStart(0), taskStart(1), taskEnd(0),
                // the compactor's replay: the same events again
                JOB_START, STAGE_SUBMITTED, taskStart(0), taskStart(1), taskEnd(0), taskEnd(1), taskEnd(1),
                STAGE_COMPLETED, STAGE_COMPLETED, JOB_END, JOB_END, APP_END);

        Stage map = s.stage(0, 0).orElseThrow();
        assertThat(map.tasks().completed()).isEqualTo(2);
        assertThat(map.tasks().active()).isZero();
        assertThat(map.totals().executorRunTimeMs()).isEqualTo(8000);
        assertThat(map.status()).isEqualTo(StageStatus.COMPLETE);
        assertThat(s.job(0).orElseThrow().tasks().completed()).isEqualTo(2);
        assertThat(s.job(0).orElseThrow().tasks().active()).isZero();
        assertThat(executor(s, "1").completedTasks()).isEqualTo(2);
        assertThat(executor(s, "1").totalDurationMs()).isEqualTo(8000);
        assertThat(s.jobs()).hasSize(1);
        assertThat(s.source().notes()).contains(
                "4 repeated or late task event(s) ignored (a task already started or ended): each task is counted once");
    }

    @Test
    void stageCompletedBeforeSubmittedStaysComplete() throws IOException {
        AppSnapshot s = read(APP_START, JOB_START, STAGE_COMPLETED, STAGE_SUBMITTED, JOB_END, APP_END);

        Stage map = s.stage(0, 0).orElseThrow();
        assertThat(map.status()).isEqualTo(StageStatus.COMPLETE);
        assertThat(map.durationMs(Instant.ofEpochMilli(90000))).contains(5900L);
    }

    @Test
    void jobEndBeforeJobStartKeepsTheResultAndSkipsStagesThatNeverRan() throws IOException {
        AppSnapshot s = read(APP_START, JOB_END, JOB_START, STAGE_SUBMITTED, STAGE_COMPLETED, APP_END);

        var job = s.job(0).orElseThrow();
        assertThat(job.status()).isEqualTo(JobStatus.SUCCEEDED);
        assertThat(job.durationMs(Instant.ofEpochMilli(90000))).contains(7000L);
        assertThat(s.stage(0, 0).orElseThrow().status()).isEqualTo(StageStatus.COMPLETE);
        assertThat(s.stage(1, 0).orElseThrow().status()).isEqualTo(StageStatus.SKIPPED);
    }

    @Test
    void endsStampedBeforeTheirStartsGiveZeroNotNegativeDurations() throws IOException {
        String lateStart = JOB_START.replace("\"Submission Time\":2000", "\"Submission Time\":9500");
        AppSnapshot s = read(APP_START, JOB_END, lateStart,
                "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd\",\"executionId\":3,\"time\":4000}",
                "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\",\"executionId\":3,"
                        + "\"description\":\"q\",\"details\":\"\",\"physicalPlanDescription\":\"\",\"sparkPlanInfo\":"
                        + "{\"nodeName\":\"X\",\"simpleString\":\"X\",\"children\":[],\"metadata\":{},\"metrics\":[]},\"time\":5000}",
                APP_END);

        assertThat(s.job(0).orElseThrow().durationMs(Instant.ofEpochMilli(90000))).contains(0L);
        var sql = s.sqlExecutions().get(0);
        assertThat(sql.status()).isEqualTo("COMPLETED");
        assertThat(sql.description()).isEqualTo("q");
        assertThat(sql.durationMs()).isZero();
    }

    @Test
    void executorRemovedBeforeAddedIsOneExecutorAndStaysRemoved() throws IOException {
        AppSnapshot s = read(APP_START,
                "{\"Event\":\"SparkListenerExecutorRemoved\",\"Timestamp\":5000,\"Executor ID\":\"7\",\"Removed Reason\":\"lost\"}",
                "{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":4000,\"Executor ID\":\"7\",\"Executor Info\":"
                        + "{\"Host\":\"h7\",\"Total Cores\":4}}",
                APP_END);

        Executor x = executor(s, "7");
        assertThat(s.executors()).filteredOn(e -> e.id().equals("7")).hasSize(1);
        assertThat(x.active()).isFalse();
        assertThat(x.totalCores()).isEqualTo(4);
        assertThat(x.removeReason()).contains("lost");
    }

    @Test
    void laterRollingFileInterleavedWithAnEarlierOneIsFoldedOnce() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("eventlog_v2_app-1"));
        // file 2 repeats the tail of file 1 and holds a task end whose start only file 3 has
        Files.write(folder.resolve("events_1_app-1"), List.of(APP_START, JOB_START, STAGE_SUBMITTED, taskStart(0)));
        Files.write(folder.resolve("events_2_app-1"), List.of(STAGE_SUBMITTED, taskStart(0), taskEnd(0), taskEnd(1)));
        Files.write(folder.resolve("events_3_app-1"), List.of(taskStart(1), STAGE_COMPLETED, JOB_END, APP_END));
        Files.createFile(folder.resolve("appstatus_app-1"));

        AppSnapshot s = new EventLogSource(folder).read();

        Stage map = s.stage(0, 0).orElseThrow();
        assertThat(map.tasks().completed()).isEqualTo(2);
        assertThat(map.tasks().active()).isZero();
        assertThat(map.status()).isEqualTo(StageStatus.COMPLETE);
        assertThat(s.source().complete()).isTrue();
    }

    private AppSnapshot read(String... lines) throws IOException {
        return new EventLogSource(Files.write(dir.resolve("app-1"), List.of(lines))).read();
    }

    private static Executor executor(AppSnapshot s, String id) {
        return s.executors().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    }
}
