package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static dev.sparkdoc.testing.RoutingDispatcher.query;
import static dev.sparkdoc.testing.RoutingDispatcher.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import dev.sparkdoc.testing.Slow;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A driver that answered well, then misbehaves mid-poll, then comes back: each fault is one
 * clear line of the right kind (what {@code triage} prints and {@code attach} shows), a poll is
 * never held longer than the timeouts allow, and the next poll after the fault reads normally.
 */
@Timeout(60)   // a guard against a hang, not a measurement
class FaultsWhilePollingTest {

    private static final String ID = "app-20261129133113-0001";
    private static final String APP_PATH = "/api/v1/applications/" + ID;
    private static final String APP = MiniSpark.liveApp(ID, "etl", "2026-11-29T13:31:13.000GMT");
    /** A timeout stalled answers run into and good ones never do, even on a machine many times slower than this one. */
    private static final HttpOptions FAST = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(),
            Duration.ofSeconds(2));

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher spark = mock.routes();
    /** When set, the answer for {@code /jobs} instead of the normal one. */
    private final AtomicReference<Supplier<MockResponse>> jobsFault = new AtomicReference<>();

    private RestSource driver(HttpOptions options) {
        spark.route("/api/v1/applications", () -> json(MiniSpark.list(APP)))
                .route(APP_PATH + "/jobs", () -> Optional.ofNullable(jobsFault.get()).map(Supplier::get)
                        .orElseGet(() -> json(JOBS)));
        MiniSpark.emptyApp(spark, "", ID, APP);
        return new RestSource(mock.target(), AppSelector.ANY, options);
    }

    @Test
    void aConnectionResetMidAnswerAfterGoodPollsIsOneLineAndTheNextPollRecovers() {
        try (RestSource source = driver(HttpOptions.DEFAULT)) {
            source.read();
            source.read();
            jobsFault.set(() -> json(JOBS).newBuilder().onResponseBody(new SocketEffect.CloseSocket()).build());

            RestFault fault = catchThrowableOfType(RestFault.class, source::read);

            assertThat(fault.kind()).isEqualTo(SourceFault.UNREACHABLE);
            assertThat(fault.getMessage()).startsWith("reading " + mock.url(APP_PATH + "/jobs?status=running") + " failed: ")
                    .endsWith("— the connection broke mid-answer; is the driver still running?")
                    .doesNotContain("\n");
            jobsFault.set(null);
            assertThat(source.read().jobs()).hasSize(1);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 503})
    void aServerErrorAfterGoodPollsIsNamedNotRetriedAtOnceAndRecovers(int code) {
        try (RestSource source = driver(HttpOptions.DEFAULT)) {
            source.read();
            jobsFault.set(() -> text(code, "java.lang.IllegalStateException: listener bus is stopped\n\tat x.Y(Y.java:1)"));
            spark.clearRequests();

            RestFault fault = catchThrowableOfType(RestFault.class, source::read);

            assertThat(fault.kind()).isEqualTo(SourceFault.SERVER_ERROR);
            assertThat(fault.getMessage()).isEqualTo(mock.url(APP_PATH + "/jobs?status=running") + " failed with HTTP " + code
                    + ": java.lang.IllegalStateException: listener bus is stopped; the server has a problem, try again or check its log");
            assertThat(spark.count(r -> r.getUrl().encodedPath().endsWith("/jobs"))).isEqualTo(1);
            jobsFault.set(null);
            assertThat(source.read().jobs()).hasSize(1);
        }
    }

    @Slow
    @Test
    void anAnswerThatNeverStartsHitsTheTimeoutTheUserGave() {
        try (RestSource source = driver(FAST)) {
            source.read();
            jobsFault.set(() -> json(JOBS).newBuilder().onResponseStart(SocketEffect.Stall.INSTANCE).build());

            RestFault fault = catchThrowableOfType(RestFault.class, source::read);

            assertThat(fault.kind()).isEqualTo(SourceFault.TIMEOUT);
            assertThat(fault.getMessage()).isEqualTo(mock.origin() + " did not answer within 2s; try --timeout 6"
                    + " (a busy driver can be slow)");
            jobsFault.set(null);
            assertThat(source.read().jobs()).hasSize(1);
        }
    }

    @Slow
    @Test
    void anAnswerThatTricklesForeverIsCutByTheWholeCallBound() {
        try (RestSource source = driver(FAST)) {
            source.read();
            // headers at once, then one byte every 100 ms: each read is in time, the whole never is
            jobsFault.set(() -> json(JOBS + " ".repeat(200)).newBuilder().throttleBody(1, 100, TimeUnit.MILLISECONDS).build());

            RestFault fault = catchThrowableOfType(RestFault.class, source::read);

            assertThat(fault.kind()).isEqualTo(SourceFault.TIMEOUT);
            assertThat(fault.getMessage()).isEqualTo(mock.origin() + " did not finish its answer to " + APP_PATH
                    + "/jobs within 6s (it stalled mid-answer); try --timeout 6 (a busy driver can be slow)");
        }
    }

    @Slow
    @Test
    void oneStalledTaskSummaryCostsOnlyThatStagesQuantilesAndIsNoted() {
        String summary = Fixtures.expectation("stage_task_summary_w_shuffle_read");
        spark.route(APP_PATH + "/stages", () -> json(finishedStages(2)))
                .route(APP_PATH + "/stages/0/0/taskSummary", () -> json(summary))
                .route(APP_PATH + "/stages/1/0/taskSummary",
                        () -> json(summary).newBuilder().onResponseBody(SocketEffect.Stall.INSTANCE).build())
                .route(APP_PATH + "/stages/0/0/taskList", query("status", "success"), () -> json("[]"))
                .route(APP_PATH + "/stages/1/0/taskList", query("status", "success"), () -> json("[]"));
        try (RestSource source = driver(FAST)) {
            AppSnapshot snapshot = source.read();

            assertThat(snapshot.stage(0, 0).orElseThrow().quantiles()).isPresent();
            assertThat(snapshot.stage(1, 0).orElseThrow().quantiles()).isEmpty();
            assertThat(snapshot.source().notes()).anySatisfy(n -> assertThat(n)
                    .startsWith("could not read task details for 1 request(s): stage 1.0: " + mock.origin()
                            + " did not answer within 2s"));
        }
    }

    @Slow
    @Test
    void afterOneDetailRequestTimesOutTheRestOfThePollsDetailsWait() {
        spark.route(APP_PATH + "/stages", () -> json(finishedStages(12)));
        for (int stage = 0; stage < 12; stage++) {
            spark.route(APP_PATH + "/stages/" + stage + "/0/taskSummary",
                    () -> json("{}").newBuilder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        }
        try (RestSource source = driver(FAST)) {
            AppSnapshot snapshot = source.read();

            assertThat(spark.count(r -> r.getUrl().encodedPath().endsWith("/taskSummary")))
                    .as("taskSummary requests sent").isEqualTo(RestSource.PARALLEL_REQUESTS);
            assertThat(snapshot.stages()).hasSize(12);
            assertThat(snapshot.source().notes()).anySatisfy(n -> assertThat(n)
                    .contains("could not read task details for " + RestSource.PARALLEL_REQUESTS + " request(s)")
                    .endsWith("more skipped after the timeout"));
        }
    }

    /** Later polls ask only for running jobs (finished ones are kept): this is what fails mid-attach. */
    private static final String JOBS = """
            [ {"jobId": 0, "name": "count at <console>:1", "status": "SUCCEEDED", "stageIds": [0],
               "submissionTime": "2026-11-29T13:31:20.000GMT", "completionTime": "2026-11-29T13:31:30.000GMT",
               "numTasks": 4, "numCompletedTasks": 4} ]
            """;

    private static String finishedStages(int count) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            out.append(i == 0 ? "" : ",").append("""
                    {"status": "COMPLETE", "stageId": %d, "attemptId": 0, "numTasks": 4, "numCompleteTasks": 4,
                     "submissionTime": "2026-11-29T13:30:00.000GMT", "completionTime": "2026-11-29T13:30:30.000GMT",
                     "executorRunTime": %d, "name": "map at <console>:%d"}""".formatted(i, 9000 - i, i));
        }
        return out.append("]").toString();
    }
}
