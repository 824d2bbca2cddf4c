package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A History Server serving Spark's own expectation bodies for app local-1422981780767
 * (HistoryServerSuite, INDEX.md): what RestSource reads must equal the numbers in those files.
 */
class RestSourceFixtureTest {

    private static final String APP = "applications/local-1422981780767/";

    @RegisterExtension
    final FakeSpark historyServer = new FakeSpark();
    private final RoutingDispatcher spark = historyServer.routes();
    private RestSource source;

    @BeforeEach
    void start() throws Exception {
        String oneApp = Fixtures.expectation("one_app_json");
        spark.route("/api/v1/applications", () -> RoutingDispatcher.json("[" + oneApp + "]"))
                .resource("applications/local-1422981780767", Fixtures.V40 + "one_app_json_expectation.json")
                .resource(APP + "jobs", Fixtures.V40 + "job_list_json_expectation.json")
                .resource(APP + "stages", Fixtures.V40 + "stage_list_json_expectation.json")
                .resource(APP + "allexecutors", Fixtures.V40 + "executor_list_json_expectation.json")
                // Task data of other apps of the same suite: what matters is that it arrives intact.
                .resource(APP + "stages/2/0/taskList", query("status", "failed"),
                        Fixtures.V40 + "stage_task_list_w__status_expectation.json")
                .resource(APP + "stages/0/0/taskList", query("sortBy", "-runtime"),
                        Fixtures.V40 + "stage_task_list_w__sortBy_short_names___runtime_expectation.json");
        for (int stage = 0; stage <= 3; stage++) {
            spark.resource(APP + "stages/" + stage + "/0/taskSummary",
                    Fixtures.V40 + "stage_task_summary_w_shuffle_read_expectation.json");
        }
        URI base = historyServer.url("/").uri();
        source = new RestSource(new Target.Http(base), AppSelector.ANY, HttpOptions.DEFAULT);
    }

    @AfterEach
    void stop() {
        source.close();
    }

    @Test
    void completedAppFromHistoryServerIsHistoryAndComplete() {
        AppSnapshot snapshot = source.read();

        assertThat(snapshot.source().kind()).isEqualTo(SourceKind.HISTORY);
        assertThat(snapshot.source().complete()).isTrue();
        assertThat(snapshot.source().notes()).isEmpty();
        assertThat(snapshot.application().id()).isEqualTo("local-1422981780767");
        assertThat(snapshot.application().name()).isEqualTo("Spark shell");
        assertThat(snapshot.application().user()).isEqualTo("irashid");
        assertThat(snapshot.application().startTime()).isEqualTo(Instant.parse("2015-02-03T16:42:59.720Z"));
        assertThat(snapshot.application().endTime()).contains(Instant.parse("2015-02-03T16:43:08.731Z"));
        // appSparkVersion is "" for logs without SparkListenerLogStart: absent, not empty text.
        assertThat(snapshot.application().sparkVersion()).isEmpty();
        assertThat(snapshot.environment()).isEqualTo(Environment.EMPTY);
        assertThat(snapshot.sqlExecutions()).isEmpty();
    }

    @Test
    void stageAndJobNumbersEqualTheFixture() throws Exception {
        AppSnapshot snapshot = source.read();
        JsonNode stages = Json.mapper().readTree(Fixtures.expectation("stage_list_json"));
        JsonNode jobs = Json.mapper().readTree(Fixtures.expectation("job_list_json"));

        assertThat(snapshot.stages()).hasSize(stages.size()).hasSize(4);
        assertThat(snapshot.jobs()).hasSize(jobs.size()).hasSize(3);
        assertThat(snapshot.totalTasks()).isEqualTo(sum(stages, "numTasks")).isEqualTo(32);
        assertThat(snapshot.stages().stream().mapToLong(s -> s.totals().executorRunTimeMs()).sum())
                .isEqualTo(sum(stages, "executorRunTime")).isEqualTo(8254);
        assertThat(snapshot.stages().stream().mapToLong(s -> s.totals().shuffleWriteBytes()).sum())
                .isEqualTo(sum(stages, "shuffleWriteBytes")).isEqualTo(13180);

        Stage failed = snapshot.stage(2, 0).orElseThrow();
        assertThat(failed.status()).isEqualTo(StageStatus.FAILED);
        assertThat(failed.tasks().failed()).isEqualTo(1);
        assertThat(failed.tasks().completed()).isEqualTo(7);
        assertThat(failed.jobIds()).containsExactly(1);
        assertThat(snapshot.job(1).orElseThrow().stageIds()).containsExactly(1, 2);
        assertThat(snapshot.job(1).orElseThrow().tasks().failed()).isEqualTo(1);
    }

    @Test
    void taskSummaryQuantilesReachTheStage() {
        AppSnapshot snapshot = source.read();
        // stages of 35 to 590 ms: only the one with a failed task is worth a summary
        Stage stage = snapshot.stage(2, 0).orElseThrow();
        assertThat(snapshot.stage(1, 0).orElseThrow().quantiles()).isEmpty();

        // stage_task_summary_w_shuffle_read: quantiles 0.05, 0.25, 0.5, 0.75, 0.95 (the nearest ones).
        assertThat(stage.quantiles()).isPresent();
        assertThat(stage.quantiles().get().taskCount()).isEqualTo(7);
        assertThat(stage.quantiles().get().get(TaskMetric.DURATION)).isEqualTo(new Quantiles(37, 81, 83, 84, 86));
        assertThat(stage.quantiles().get().get(TaskMetric.EXECUTOR_RUN_TIME)).isEqualTo(new Quantiles(30, 74, 75, 76, 79));
        assertThat(stage.quantiles().get().get(TaskMetric.SHUFFLE_READ_BYTES).p50()).isEqualTo(17100);
        assertThat(stage.quantiles().get().get(TaskMetric.SCHEDULER_DELAY).max()).isEqualTo(9);
    }

    @Test
    void failedTasksAreGroupedByTheirFirstLine() {
        Stage stage = source.read().stage(2, 0).orElseThrow();

        assertThat(stage.failures()).hasSize(1);
        TaskFailure failure = stage.failures().get(0);
        assertThat(failure.reason()).isEqualTo("ExceptionFailure");
        assertThat(failure.exceptionClass()).contains("java.lang.RuntimeException");
        assertThat(failure.message()).isEqualTo("java.lang.RuntimeException: bad exec");
        assertThat(failure.count()).isEqualTo(10);
        assertThat(failure.firstTaskId()).isEqualTo(1);
        assertThat(failure.detail()).contains("\tat ");
    }

    @Test
    void slowestTasksOfTheBusiestStagesAreNotable() {
        List<TaskSample> notable = source.read().stage(0, 0).orElseThrow().notableTasks();

        assertThat(notable).isNotEmpty();
        assertThat(notable.get(0).taskId()).isEqualTo(6);
        assertThat(notable.get(0).executorRunTimeMs()).isEqualTo(351);
        assertThat(notable.get(0).running()).isFalse();
    }

    @Test
    void secondReadOfAFinishedAppAsksOnlyForWhatCanChange() {
        source.read();
        long firstPoll = source.requestCount();
        spark.clearRequests();

        AppSnapshot again = source.read();

        assertThat(source.requestCount()).isLessThan(firstPoll);
        assertThat(spark.count(r -> r.getUrl().encodedPath().contains("/stages/"))).isZero();
        assertThat(spark.count(r -> r.getUrl().encodedPath().endsWith("/environment"))).isZero();
        assertThat(spark.requests()).hasSize((int) source.requestCount());
        // The cached details are still in the snapshot.
        assertThat(again.stage(2, 0).orElseThrow().quantiles()).isPresent();
        assertThat(again.stage(2, 0).orElseThrow().failures()).hasSize(1);
        assertThat(source.lastPoll().bytes()).isPositive();
    }

    @Test
    void executorsComeFromAllExecutors() {
        AppSnapshot snapshot = source.read();

        assertThat(snapshot.executors()).hasSize(1);
        assertThat(snapshot.executor("driver")).map(e -> e.hostPort()).contains("localhost:57971");
        // A 4.0 History Server writes every metric it knows, as 0 for a log that has none.
        assertThat(snapshot.executor("driver").orElseThrow().peakMemoryMetrics())
                .hasSize(23).containsEntry("JVMHeapMemory", 0L).containsKey("ConcurrentGCTime");
        assertThat(snapshot.executor("driver").orElseThrow().removeTime()).isEqualTo(Optional.empty());
    }

    private static long sum(JsonNode array, String field) {
        long total = 0;
        for (JsonNode node : array) {
            total += node.path(field).asLong();
        }
        return total;
    }
}
