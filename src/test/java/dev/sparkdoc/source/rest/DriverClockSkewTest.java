package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static dev.sparkdoc.testing.RoutingDispatcher.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A driver whose clock is ten minutes off this host's. Every time it reports (stage submission,
 * task launch) and its HTTP {@code Date} header come from its own clock, as on a real driver:
 * a task launched 30 s ago must read as running for about 30 s, never negative, never 10 minutes.
 */
class DriverClockSkewTest {

    private static final String ID = "app-20261129133113-0001";
    /** This host's clock for the whole read, whole seconds as an HTTP Date header is. */
    private static final Instant NOW = Instant.parse("2026-11-29T13:40:00Z");
    private static final String APP_PATH = "/api/v1/applications/" + ID;
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher spark = mock.routes();

    @ParameterizedTest(name = "driver clock {0} s off")
    @ValueSource(ints = {600, -600, 0})
    void runningTimesAreMeasuredOnTheDriversClock(int skewSeconds) {
        Duration skew = Duration.ofSeconds(skewSeconds);
        serveDriverWithClock(skew);

        AppSnapshot snapshot;
        try (RestSource source = new RestSource(mock.target(), AppSelector.ANY, HttpOptions.DEFAULT, Clock.fixed(NOW, ZoneOffset.UTC))) {
            snapshot = source.read();
        }

        assertThat(snapshot.takenAt()).isEqualTo(NOW.plus(skew));
        Stage active = snapshot.stage(1, 0).orElseThrow();
        TaskSample running = active.notableTasks().get(0);
        assertThat(running.durationMs()).as("a task launched 30 s ago").isEqualTo(30_000L);
        assertThat(active.durationMs(snapshot.takenAt()).orElseThrow()).as("a stage submitted 40 s ago").isEqualTo(40_000L);
        assertThat(snapshot.application().durationMs(snapshot.takenAt())).as("an app started 5 min ago").isEqualTo(300_000L);
        if (skewSeconds == 0) {
            assertThat(snapshot.source().notes()).noneMatch(n -> n.contains("clock"));
        } else {
            assertThat(snapshot.source().notes()).anySatisfy(n -> assertThat(n).matches(
                    "the driver's clock is 600 s " + (skewSeconds > 0 ? "ahead of" : "behind")
                            + " this host's; running times are measured on the driver's clock"));
        }
    }

    /** Times in the answers and the Date header are both the driver's "now" = this host's NOW + skew. */
    private void serveDriverWithClock(Duration skew) {
        spark.answer("/api/v1/applications", r -> true, r -> json(MiniSpark.list(app(skew))))
                .answer(APP_PATH, r -> true, r -> json(app(skew)))
                .route(APP_PATH + "/jobs", () -> json("[]"))
                .answer(APP_PATH + "/stages", r -> true, r -> json("""
                        [ {"status": "ACTIVE", "stageId": 1, "attemptId": 0, "numTasks": 8, "numActiveTasks": 1,
                           "submissionTime": "%s", "executorRunTime": 5000, "name": "count at <console>:1"} ]"""
                        .formatted(ago(skew, 40))))
                .route(APP_PATH + "/allexecutors", () -> json("""
                        [ {"id": "driver", "hostPort": "10.0.0.1:40000", "isActive": true, "totalCores": 2, "maxTasks": 2} ]"""))
                .route(APP_PATH + "/environment", () -> json("{\"sparkProperties\": []}"))
                .route(APP_PATH + "/sql", () -> json("[]"))
                .answer(APP_PATH + "/stages/1/0/taskList", query("status", "running"), r -> json("""
                        [ {"taskId": 10, "index": 2, "attempt": 0, "partitionId": 2, "launchTime": "%s",
                           "duration": 3, "executorId": "driver", "host": "10.0.0.1", "status": "RUNNING"} ]"""
                        .formatted(ago(skew, 30))));
        mock.server().setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return spark.dispatch(request).newBuilder()
                        .setHeader("Date", HTTP_DATE.format(NOW.plus(skew))).build();
            }
        });
    }

    private static String app(Duration skew) {
        String start = ago(skew, 300);
        return MiniSpark.liveApp(ID, "skewed", start);
    }

    private static String ago(Duration skew, int seconds) {
        return RestDates.format(NOW.plus(skew).minusSeconds(seconds));
    }
}
