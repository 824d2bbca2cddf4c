package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static dev.sparkdoc.testing.RoutingDispatcher.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Polling a live driver: running tasks, and only active stages asked again. */
class LivePollingTest {

    private static final String ID = "local-1795966616509";
    private static final String APP = "/api/v1/applications/" + ID;

    private static final String STAGES = """
            [ {"status": "ACTIVE", "stageId": 1, "attemptId": 0, "numTasks": 8, "numActiveTasks": 2, "numCompleteTasks": 2,
               "submissionTime": "2026-11-29T13:31:00.000GMT", "executorRunTime": 5000, "name": "count at <console>:1"},
              {"status": "COMPLETE", "stageId": 0, "attemptId": 0, "numTasks": 4, "numCompleteTasks": 4,
               "submissionTime": "2026-11-29T13:30:00.000GMT", "completionTime": "2026-11-29T13:30:30.000GMT",
               "executorRunTime": 9000, "name": "map at <console>:1"} ]
            """;
    private static final String EXECUTORS = """
            [ {"id": "driver", "hostPort": "10.0.0.1:40000", "isActive": true, "totalCores": 0, "maxTasks": 0},
              {"id": "1", "hostPort": "10.0.0.2:40001", "isActive": true, "totalCores": 4, "maxTasks": 4},
              {"id": "2", "hostPort": "10.0.0.3:40001", "isActive": false, "totalCores": 4, "maxTasks": 4} ]
            """;
    private static final String RUNNING = """
            [ {"taskId": 10, "index": 2, "attempt": 0, "partitionId": 2, "launchTime": "2026-11-29T13:31:05.000GMT",
               "duration": 3, "executorId": "1", "host": "10.0.0.2", "status": "RUNNING", "speculative": false},
              {"taskId": 11, "index": 3, "attempt": 0, "partitionId": 3, "launchTime": "2026-11-29T13:31:55.000GMT",
               "duration": 1, "executorId": "1", "host": "10.0.0.2", "status": "RUNNING", "speculative": false} ]
            """;

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher driver = mock.routes();
    private final MockWebServer server = mock.server();
    private RestSource source;

    @BeforeEach
    void start() throws Exception {
        String app = MiniSpark.liveApp(ID, "shell", "2026-11-29T13:29:00.000GMT");
        String summary = Fixtures.expectation("stage_task_summary_w_shuffle_read");
        driver.route("/api/v1/applications", () -> json(MiniSpark.list(app)))
                .route(APP, () -> json(app))
                .route(APP + "/jobs", () -> json("[]"))
                .route(APP + "/stages", () -> json(STAGES))
                .route(APP + "/allexecutors", () -> json(EXECUTORS))
                .route(APP + "/stages/0/0/taskSummary", () -> json(summary))
                .route(APP + "/stages/1/0/taskSummary", () -> json(summary))
                .route(APP + "/stages/1/0/taskList", query("status", "running"), () -> json(RUNNING))
                .route(APP + "/stages/1/0/taskList", query("status", "success"), () -> json("[]"))
                .route(APP + "/stages/0/0/taskList", query("status", "success"), () -> json("[]"));
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T13:32:05Z"), ZoneOffset.UTC);
        source = new RestSource(new Target.Http(server.url("/").uri()), AppSelector.ANY, HttpOptions.DEFAULT, clock);
    }

    @AfterEach
    void stop() {
        source.close();
    }

    @Test
    void runningTasksAreNotableWithTimeSinceLaunchLongestFirst() {
        Stage active = source.read().stage(1, 0).orElseThrow();

        assertThat(active.notableTasks()).extracting(TaskSample::taskId).containsExactly(10L, 11L);
        assertThat(active.notableTasks().get(0).durationMs()).isEqualTo(60_000);
        assertThat(active.notableTasks().get(1).durationMs()).isEqualTo(10_000);
        assertThat(active.notableTasks()).allMatch(TaskSample::running);
    }

    @Test
    void runningTaskPageIsOneTaskPerLiveSlot() {
        source.read();

        RecordedRequest running = driver.requests().stream()
                .filter(r -> "running".equals(r.getUrl().queryParameter("status"))).findFirst().orElseThrow();
        // Executor 1 has 4 slots; the driver has none and executor 2 is dead.
        assertThat(running.getUrl().queryParameter("length")).isEqualTo("4");
    }

    @Test
    void secondPollAsksAgainOnlyForTheActiveStage() {
        source.read();
        driver.clearRequests();

        AppSnapshot second = source.read();

        assertThat(driver.count(r -> r.getUrl().encodedPath().startsWith(APP + "/stages/0/"))).isZero();
        assertThat(driver.count(r -> r.getUrl().encodedPath().equals(APP + "/stages/1/0/taskSummary"))).isEqualTo(1);
        assertThat(driver.count(r -> r.getUrl().encodedPath().equals("/api/v1/applications"))).isZero();
        assertThat(driver.count(r -> r.getUrl().encodedPath().equals(APP))).isEqualTo(1);
        assertThat(second.stage(0, 0).orElseThrow().quantiles()).isPresent();
        assertThat(second.source().complete()).isFalse();
    }
}
