package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.source.eventlog.events.TaskEventParser;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Compares what sparkdoc folds from Spark's own test event logs with what Spark's History
 * Server serves for them (HistoryServerSuite's expectation files; INDEX.md maps them).
 */
class HistoryServerExpectationsTest {

    @Test
    void stagesMatchTheHistoryServerStageList() {
        AppSnapshot s = Fixtures.readEventLog("local-1422981780767");
        JsonNode expected = Fixtures.expectation("stage_list_json");

        assertThat(s.stages()).hasSize(expected.size());
        for (JsonNode e : expected) {
            Stage st = s.stage(e.get("stageId").asInt(), e.get("attemptId").asInt()).orElseThrow();
            assertThat(st.status().name()).isEqualTo(e.get("status").asText());
            assertThat(st.name()).isEqualTo(e.get("name").asText());
            assertThat(st.tasks().total()).isEqualTo(e.get("numTasks").asInt());
            assertThat(st.tasks().completed()).isEqualTo(e.get("numCompleteTasks").asInt());
            assertThat(st.tasks().failed()).isEqualTo(e.get("numFailedTasks").asInt());
            assertThat(st.tasks().killed()).isEqualTo(e.get("numKilledTasks").asInt());
            assertThat(st.tasks().active()).isEqualTo(e.get("numActiveTasks").asInt());
            assertThat(st.submissionTime()).isEqualTo(time(e, "submissionTime"));
            assertThat(st.firstTaskLaunchedTime()).isEqualTo(time(e, "firstTaskLaunchedTime"));
            assertThat(st.completionTime()).isEqualTo(time(e, "completionTime"));
            assertThat(st.failureReason().isPresent()).isEqualTo(e.has("failureReason"));
            assertThat(st.totals().executorRunTimeMs()).isEqualTo(e.get("executorRunTime").asLong());
            assertThat(st.totals().executorDeserializeTimeMs()).isEqualTo(e.get("executorDeserializeTime").asLong());
            assertThat(st.totals().jvmGcTimeMs()).isEqualTo(e.get("jvmGcTime").asLong());
            assertThat(st.totals().resultSizeBytes()).isEqualTo(e.get("resultSize").asLong());
            assertThat(st.totals().inputBytes()).isEqualTo(e.get("inputBytes").asLong());
            assertThat(st.totals().shuffleReadBytes()).isEqualTo(e.get("shuffleReadBytes").asLong());
            assertThat(st.totals().shuffleWriteBytes()).isEqualTo(e.get("shuffleWriteBytes").asLong());
            assertThat(st.totals().shuffleWriteTimeNs()).isEqualTo(e.get("shuffleWriteTime").asLong());
        }
    }

    @Test
    void failedStageKeepsItsTaskFailureGroupedWithTheException() {
        Stage failed = Fixtures.readEventLog("local-1422981780767").stage(2, 0).orElseThrow();

        assertThat(failed.status()).isEqualTo(StageStatus.FAILED);
        assertThat(failed.failures()).singleElement().satisfies(f -> {
            assertThat(f.reason()).isEqualTo("ExceptionFailure");
            assertThat(f.exceptionClass()).contains("java.lang.RuntimeException");
            assertThat(f.message()).isEqualTo("got a 3, failing");
            assertThat(f.count()).isEqualTo(1);
            assertThat(f.detail()).contains("RuntimeException").hasSizeLessThanOrEqualTo(TaskEventParser.MAX_DETAIL_CHARS + 1);
        });
        assertThat(failed.notableTasks()).anyMatch(t -> t.status().equals("FAILED") && t.errorMessage().isPresent());
    }

    @Test
    void jobsMatchTheHistoryServerJobList() {
        AppSnapshot s = Fixtures.readEventLog("local-1422981780767");
        JsonNode expected = Fixtures.expectation("job_list_json");

        assertThat(s.jobs()).hasSize(expected.size());
        for (JsonNode e : expected) {
            Job job = s.job(e.get("jobId").asInt()).orElseThrow();
            assertThat(job.name()).isEqualTo(e.get("name").asText());
            assertThat(job.status()).isEqualTo(JobStatus.valueOf(e.get("status").asText()));
            List<Integer> stageIds = new ArrayList<>();
            e.get("stageIds").forEach(id -> stageIds.add(id.asInt()));
            assertThat(job.stageIds()).containsExactlyInAnyOrderElementsOf(stageIds);
            assertThat(job.tasks().total()).isEqualTo(e.get("numTasks").asInt());
            assertThat(job.tasks().completed()).isEqualTo(e.get("numCompletedTasks").asInt());
            assertThat(job.tasks().failed()).isEqualTo(e.get("numFailedTasks").asInt());
            assertThat(job.tasks().skipped()).isEqualTo(e.get("numSkippedTasks").asInt());
            assertThat(job.completedStages()).isEqualTo(e.get("numCompletedStages").asInt());
            assertThat(job.failedStages()).isEqualTo(e.get("numFailedStages").asInt());
            assertThat(job.skippedStages()).isEqualTo(e.get("numSkippedStages").asInt());
            assertThat(job.failureReason().isPresent()).isEqualTo(job.status() == JobStatus.FAILED);
        }
    }

    @Test
    void driverMatchesTheHistoryServerExecutorList() {
        AppSnapshot s = Fixtures.readEventLog("local-1422981780767");
        JsonNode e = Fixtures.expectation("executor_list_json").get(0);

        Executor driver = s.executor("driver").orElseThrow();
        assertThat(s.executors()).hasSize(1);
        assertThat(driver.isDriver()).isTrue();
        assertThat(driver.hostPort()).isEqualTo(e.get("hostPort").asText());
        assertThat(driver.completedTasks()).isEqualTo(e.get("completedTasks").asInt());
        assertThat(driver.failedTasks()).isEqualTo(e.get("failedTasks").asInt());
        assertThat(driver.totalTasks()).isEqualTo(e.get("totalTasks").asInt());
        // The log's tasks add up to 8,820 ms (sum of Finish - Launch Time, which is what we
        // report); Spark's History Server shows 9,011 ms for this 1.x log.
        assertThat(driver.totalDurationMs()).isEqualTo(8820).isCloseTo(e.get("totalDuration").asLong(), within(250L));
        assertThat(driver.totalInputBytes()).isEqualTo(e.get("totalInputBytes").asLong());
        assertThat(driver.totalShuffleWrite()).isEqualTo(e.get("totalShuffleWrite").asLong());
        assertThat(driver.maxMemory()).isEqualTo(e.get("maxMemory").asLong());
        assertThat(driver.addTime()).isEqualTo(time(e, "addTime"));
    }

    @Test
    void exactQuantilesMatchTheHistoryServerTaskSummary() {
        AppSnapshot s = Fixtures.readEventLog("local-1430917381534");
        checkSummary(s.stage(1, 0).orElseThrow(), Fixtures.expectation("stage_task_summary_w_shuffle_read"));
        checkSummary(s.stage(0, 0).orElseThrow(), Fixtures.expectation("stage_task_summary_w_shuffle_write"));
    }

    /**
     * The summary's quantiles are 0.05, 0.25, 0.5, 0.75, 0.95: the middle three are picked the
     * same way as ours (index min(q*n, n-1)), min and max bound the outer two.
     */
    private static void checkSummary(Stage stage, JsonNode summary) {
        TaskQuantiles q = stage.quantiles().orElseThrow();
        assertThat(q.exact()).isTrue();
        assertThat(q.taskCount()).isEqualTo(stage.tasks().completed());
        checkQuantiles(q.get(TaskMetric.DURATION), summary.get("duration"));
        checkQuantiles(q.get(TaskMetric.EXECUTOR_RUN_TIME), summary.get("executorRunTime"));
        checkQuantiles(q.get(TaskMetric.JVM_GC_TIME), summary.get("jvmGcTime"));
        checkQuantiles(q.get(TaskMetric.SCHEDULER_DELAY), summary.get("schedulerDelay"));
        checkQuantiles(q.get(TaskMetric.SHUFFLE_READ_BYTES), summary.at("/shuffleReadMetrics/readBytes"));
        checkQuantiles(q.get(TaskMetric.SHUFFLE_READ_RECORDS), summary.at("/shuffleReadMetrics/readRecords"));
        checkQuantiles(q.get(TaskMetric.SHUFFLE_WRITE_BYTES), summary.at("/shuffleWriteMetrics/writeBytes"));
        checkQuantiles(q.get(TaskMetric.INPUT_BYTES), summary.at("/inputMetrics/bytesRead"));
    }

    private static void checkQuantiles(Quantiles ours, JsonNode spark) {
        assertThat(ours.min()).isLessThanOrEqualTo(spark.get(0).asDouble());
        assertThat(ours.p25()).isCloseTo(spark.get(1).asDouble(), within(0.001));
        assertThat(ours.p50()).isCloseTo(spark.get(2).asDouble(), within(0.001));
        assertThat(ours.p75()).isCloseTo(spark.get(3).asDouble(), within(0.001));
        assertThat(ours.max()).isGreaterThanOrEqualTo(spark.get(4).asDouble());
    }

    @Test
    void executorPeaksCoverTheStagePeaksTheHistoryServerShows() {
        AppSnapshot s = Fixtures.readEventLog("app-20200706201101-0003");
        JsonNode stage = Fixtures.expectation("stage_with_peak_metrics");

        Stage ours = s.stage(2, 0).orElseThrow();
        assertThat(ours.tasks().completed()).isEqualTo(stage.get("numCompleteTasks").asInt());
        assertThat(ours.totals().executorRunTimeMs()).isEqualTo(stage.get("executorRunTime").asLong());
        // an executor's peak over the application is at least its peak in any one stage
        stage.get("executorSummary").fields().forEachRemaining(x -> {
            Executor executor = s.executor(x.getKey()).orElseThrow();
            x.getValue().get("peakMemoryMetrics").fields().forEachRemaining(m ->
                    assertThat(executor.peak(m.getKey()).orElse(0L)).as("%s %s", x.getKey(), m.getKey())
                            .isGreaterThanOrEqualTo(m.getValue().asLong()));
        });
        Executor driver = s.executor("driver").orElseThrow();
        assertThat(driver.peak("JVMHeapMemory")).contains(stage.at("/peakExecutorMetrics/JVMHeapMemory").asLong());
    }

    @Test
    void executorsWithMetricsMatchTheHistoryServerExecutorList() {
        AppSnapshot s = Fixtures.readEventLog("application_1553914137147_0018");
        JsonNode expected = Fixtures.expectation("executor_list_with_executor_metrics_json");

        assertThat(s.executors()).hasSize(expected.size());
        for (JsonNode e : expected) {
            Executor x = s.executor(e.get("id").asText()).orElseThrow();
            assertThat(x.hostPort()).isEqualTo(e.get("hostPort").asText());
            assertThat(x.totalTasks()).isEqualTo(e.get("totalTasks").asInt());
            assertThat(x.completedTasks()).isEqualTo(e.get("completedTasks").asInt());
            assertThat(x.maxMemory()).isEqualTo(e.get("maxMemory").asLong());
            assertThat(x.excluded()).isEqualTo(e.get("isExcluded").asBoolean());
            if (!x.isDriver()) {
                assertThat(x.totalCores()).isEqualTo(e.get("totalCores").asInt());
                assertThat(x.totalDurationMs()).isEqualTo(e.get("totalDuration").asLong());
            }
            // Spark 4's History Server adds ConcurrentGC* as 0 to every map; a 3.0 log has none
            e.get("peakMemoryMetrics").fields().forEachRemaining(m ->
                    assertThat(x.peak(m.getKey()).orElse(0L)).as("%s %s", x.id(), m.getKey())
                            .isEqualTo(m.getValue().asLong()));
        }
    }

    @Test
    void excludedExecutorsAreFlaggedAndUnexcludedOnesCleared() {
        AppSnapshot blacklisted = Fixtures.readEventLog("app-20161116163331-0000");
        assertThat(blacklisted.executors()).anyMatch(Executor::excluded);

        AppSnapshot unexcluded = Fixtures.readEventLog("app-20161115172038-0000");
        assertThat(unexcluded.executors()).noneMatch(Executor::excluded);
    }

    private static Optional<Instant> time(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null ? Optional.empty() : Optional.of(Instant.parse(v.asText().replace("GMT", "Z")));
    }
}
