package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static dev.sparkdoc.testing.RoutingDispatcher.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import dev.sparkdoc.testing.Slow;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Answers that are not the application: an authentication proxy's login page, a History Server
 * that is still loading the application, and a driver port that now serves another application.
 */
@Timeout(60)   // a guard against a hang, not a measurement
class LoginLoadingAndRestartTest {

    private static final String ID = "app-20261129133113-0001";
    private static final String OTHER = "app-20261129140000-0002";
    private static final String LOGIN_PAGE = """
            <!DOCTYPE html><html><head><title>Knox SSO — Sign in</title></head>
            <body><form method="post"><input name="username"><input type="password" name="password"></form></body></html>""";
    /**
     * A timeout the stalled answers run into, and the good ones never do: MockWebServer takes ~40 ms an
     * answer here, so 2 s holds on a machine many times slower.
     */
    private static final HttpOptions FAST = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(),
            Duration.ofSeconds(2));

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher spark = mock.routes();

    @Test
    void aRedirectToALoginPageNamesTheProxyAndTheFixAndNoSecret() {
        spark.route("/api/v1/applications", () -> new MockResponse.Builder().code(302)
                        .setHeader("Location", "/gateway/knoxsso/api/v1/websso?originalUrl=x&ticket=ST-123-SECRET").build())
                .route("/gateway/knoxsso/api/v1/websso", () -> new MockResponse.Builder().code(200)
                        .setHeader("Content-Type", "text/html").body(LOGIN_PAGE).build());
        HttpOptions withUser = new HttpOptions(List.of(), Optional.of("alice:pw-s3cret"), false, Optional.empty(),
                Duration.ofSeconds(5));

        RestFault fault = catchThrowableOfType(RestFault.class, () -> read(withUser));

        assertThat(fault.kind()).isEqualTo(SourceFault.LOGIN);
        assertThat(fault.getMessage()).isEqualTo(mock.origin() + " answered with a login page (redirected to " + mock.origin()
                + "/gateway/knoxsso/api/v1/websso) ('Knox SSO — Sign in') instead of Spark's JSON: an authentication proxy"
                + " is in front of Spark; pass credentials with --header 'Authorization: …' or --user user:password,"
                + " or tunnel to the driver's own UI port (ssh -L 4040:DRIVER:4040 EDGE)");
        assertThat(fault.getMessage()).doesNotContain("SECRET", "pw-s3cret", "password\"");
    }

    @Test
    void triagePrintsTheLoginLineAndExitsThree() {
        spark.route("/api/v1/applications", () -> new MockResponse.Builder().code(200)
                .setHeader("Content-Type", "text/html").body(LOGIN_PAGE).build());

        CliRun run = CliRun.of("triage", mock.url("/").toString(), "--user", "bob:hunter2");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip()).startsWith("sparkdoc: " + mock.origin() + " answered with a login page ('Knox SSO")
                .contains("--user user:password", "ssh -L").doesNotContain("hunter2").hasLineCount(1);
    }

    @Test
    void aHistoryServerReplayingTheAppIsLoadingAndTheNextReadWorks() {
        AtomicBoolean replaying = new AtomicBoolean(true);
        historyServer(() -> replaying.get()
                ? json("[]").newBuilder().onResponseStart(SocketEffect.Stall.INSTANCE).build() : json("[]"));
        try (RestSource source = new RestSource(mock.target(), new AppSelector(Optional.of(ID), Optional.empty()), FAST)) {
            RestFault fault = catchThrowableOfType(RestFault.class, source::read);

            assertThat(fault.kind()).isEqualTo(SourceFault.LOADING);
            assertThat(fault.getMessage()).startsWith("History Server is still loading " + ID + " (no answer within the"
                    + " timeout: it replays the app's event log on first access, minutes for a big log); retrying is enough");
            replaying.set(false);
            assertThat(source.read().application().id()).isEqualTo(ID);
        }
    }

    @Slow
    @Test
    void triageWaitsForAHistoryServerThatIsStillLoadingTheApp() {
        // the server replays until sparkdoc asks again: the second read's refresh of the app entry
        historyServer(() -> spark.count(r -> r.getUrl().encodedPath().equals("/api/v1/applications/" + ID)) <= 1
                ? json("[]").newBuilder().onResponseStart(SocketEffect.Stall.INSTANCE).build() : json("[]"));

        CliRun run = CliRun.of("triage", mock.url("/").toString(), "--app", ID, "--timeout", "2");

        assertThat(run.err()).contains("sparkdoc: History Server is still loading " + ID + "; retrying in 5s (1 of 3)");
        assertThat(run.exitCode()).as(run.err()).isIn(0, 1);
        assertThat(run.out()).contains(ID);
    }

    @Test
    void aHistoryServerThatForgotTheAppAfterARestartIsLoadingItAgain() {
        AtomicBoolean listed = new AtomicBoolean(true);
        spark.answer("/api/v1/applications/" + ID, r -> !listed.get(), r -> text(404, "unknown app: " + ID));
        historyServer(() -> json("[]"));
        try (RestSource source = new RestSource(mock.target(), new AppSelector(Optional.of(ID), Optional.empty()), FAST)) {
            source.read();
            listed.set(false);

            RestFault fault = catchThrowableOfType(RestFault.class, source::read);

            assertThat(fault.kind()).isEqualTo(SourceFault.LOADING);
            assertThat(fault.getMessage()).startsWith("History Server is still loading " + ID + " (it does not list it now");
            listed.set(true);
            assertThat(source.read().application().id()).isEqualTo(ID);
        }
    }

    @Test
    void aDriverRestartedOnTheSamePortIsReadAsTheNewAppWithNothingCarriedOver() {
        AtomicReference<String> serving = new AtomicReference<>(ID);
        String summary = Fixtures.expectation("stage_task_summary_w_shuffle_read");
        spark.answer("/api/v1/applications", r -> true, r -> json(MiniSpark.list(liveApp(serving.get()))));
        for (String id : List.of(ID, OTHER)) {
            String app = "/api/v1/applications/" + id;
            spark.answer(app, r -> serving.get().equals(id), r -> json(liveApp(id)))
                    .route(app, () -> text(404, "unknown app: " + id))
                    .route(app + "/stages", () -> json("""
                            [ {"status": "COMPLETE", "stageId": 0, "attemptId": 0, "numTasks": 4, "numCompleteTasks": 4,
                               "submissionTime": "2026-11-29T13:30:00.000GMT", "executorRunTime": 9000, "name": "m"} ]"""))
                    .route(app + "/stages/0/0/taskSummary", () -> json(summary))
                    .route(app + "/stages/0/0/taskList", () -> json("[]"));
            MiniSpark.emptyApp(spark, "", id, liveApp(id));
        }
        try (RestSource source = new RestSource(mock.target(), AppSelector.ANY, HttpOptions.DEFAULT)) {
            assertThat(source.read().application().id()).isEqualTo(ID);
            serving.set(OTHER);

            var snapshot = source.read();

            assertThat(snapshot.application().id()).isEqualTo(OTHER);
            assertThat(snapshot.source().notes()).contains("the driver at " + mock.target().display() + " now serves "
                    + OTHER + "; " + ID + " is gone (restarted?)");
            assertThat(snapshot.stage(0, 0).orElseThrow().quantiles()).isPresent();
            assertThat(spark.count(r -> r.getUrl().encodedPath().equals("/api/v1/applications/" + OTHER
                    + "/stages/0/0/taskSummary"))).as("the new app's finished stage is read, not taken from the old app's cache")
                    .isEqualTo(1);
        }
    }

    /** A History Server (two apps listed) whose app-scoped answers come from {@code answer}. */
    private void historyServer(java.util.function.Supplier<MockResponse> answer) {
        String app = MiniSpark.finishedApp(ID, "etl", "2026-11-29T13:31:13.000GMT", "2026-11-29T13:41:13.000GMT");
        String other = MiniSpark.finishedApp(OTHER, "etl", "2026-11-29T14:00:00.000GMT", "2026-11-29T14:10:00.000GMT");
        String path = "/api/v1/applications/" + ID;
        spark.route("/api/v1/applications", () -> json(MiniSpark.list(app, other)))
                .route(path, () -> json(app));
        for (String part : List.of("/jobs", "/stages", "/allexecutors", "/sql")) {
            spark.route(path + part, answer);
        }
        spark.route(path + "/environment", () -> json("{\"sparkProperties\": []}"));
    }

    private static String liveApp(String id) {
        return MiniSpark.liveApp(id, "shell", "2026-11-29T13:29:00.000GMT");
    }

    private Object read(HttpOptions options) {
        try (RestSource source = new RestSource(mock.target(), AppSelector.ANY, options)) {
            return source.read();
        }
    }
}
