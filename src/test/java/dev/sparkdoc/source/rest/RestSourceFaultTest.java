package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static dev.sparkdoc.testing.RoutingDispatcher.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What a user sees when the server misbehaves: one clear line, never a credential. */
class RestSourceFaultTest {

    private static final String APP_ID = "app-20261129133113-0001";
    private static final String APP = MiniSpark.liveApp(APP_ID, "etl", "2026-11-29T13:31:13.000GMT");

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher spark = mock.routes();
    private final MockWebServer server = mock.server();

    @Test
    void refusedConnectionAsksWhetherTheAppIsRunning() throws Exception {
        int closedPort = FakeSpark.closedPort();

        assertThatThrownBy(() -> read(new Target.Http(URI.create("http://127.0.0.1:" + closedPort + "/")), HttpOptions.DEFAULT))
                .isInstanceOf(SourceException.class)
                .hasMessage("cannot connect to http://127.0.0.1:" + closedPort + ": connection refused — is the application"
                        + " running? A driver UI listens on 4040–4045 by default (spark.ui.port)");
    }

    @Test
    void hostScanWithNoDriverListeningSaysSo() throws Exception {
        int closedPort = FakeSpark.closedPort();

        assertThatThrownBy(() -> read(new Target.HostScan("127.0.0.1", List.of(closedPort)), HttpOptions.DEFAULT))
                .hasMessageStartingWith("cannot connect to 127.0.0.1 on ports " + closedPort + "–" + closedPort
                        + ": connection refused — is the application running?");
    }

    @Test
    void unknownHostIsNamed() {
        assertThatThrownBy(() -> read(new Target.Http(URI.create("http://no-such-host.invalid:4040/")), HttpOptions.DEFAULT))
                .hasMessageStartingWith("cannot connect to http://no-such-host.invalid:4040: unknown host 'no-such-host.invalid'");
    }

    @Test
    void slowServerTimesOutWithAHintAndIsNotRetried() {
        spark.route("/api/v1/applications",
                () -> new MockResponse.Builder().headersDelay(30, TimeUnit.SECONDS).body("[]").build());
        // 2 s, not less: on a loaded single core the server must have read the request before the client gives up
        HttpOptions fast = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(2));

        assertThatThrownBy(() -> read(target(), fast))
                .hasMessage(origin() + " did not answer within 2s; try --timeout 6 (a busy driver can be slow)");
        assertThat(spark.requests()).hasSize(1);
    }

    @Test
    void unauthorizedTellsHowToPassCredentials() {
        spark.route("/api/v1/applications", () -> text(401, "Unauthorized"));

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessage(origin() + " asks for authentication (HTTP 401): Unauthorized; pass credentials with"
                        + " --header 'Authorization: …' or --user user:password");
    }

    @Test
    void forbiddenTellsHowToPassCredentials() {
        spark.route("/api/v1/applications", () -> text(403, "user \"bob\" is not authorized"));

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessageContaining("refused access (HTTP 403): user \"bob\" is not authorized")
                .hasMessageContaining("--user user:password");
    }

    @Test
    void unknownAppListsTheAvailableOnes() {
        spark.route("/api/v1/applications", () -> json(MiniSpark.list(APP)))
                .route("/api/v1/applications/nope", () -> text(404, "no such app: nope"));

        assertThatThrownBy(() -> read(target(), new AppSelector(Optional.of("nope"), Optional.empty()), HttpOptions.DEFAULT))
                .hasMessage("no application 'nope' at " + server.url("/") + "; available: " + APP_ID + " (pick one with --app ID)");
    }

    @Test
    void aUrlThatIsNotSparkSaysWhereToPoint() {
        spark.route("/api/v1/applications", () -> new MockResponse.Builder().code(404)
                .setHeader("Content-Type", "text/html").body("<html><title>Not Found</title></html>").build());

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessageStartingWith(server.url("/api/v1/applications") + " is not a Spark REST API (HTTP 404);")
                .hasMessageContaining("/proxy/<application id>/");
    }

    @Test
    void serverErrorShowsTheFirstLineOfTheBodyAndIsNotRetried() {
        spark.route("/api/v1/applications", () -> text(500, "java.lang.NullPointerException: boom\n\tat x.Y.z(Y.java:1)"));

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessage(server.url("/api/v1/applications") + " failed with HTTP 500: java.lang.NullPointerException: boom;"
                        + " the server has a problem, try again or check its log");
        assertThat(spark.requests()).hasSize(1);
    }

    @Test
    void anHtmlLoginPageIsNotMistakenForJson() {
        spark.route("/api/v1/applications", () -> new MockResponse.Builder().code(200)
                .setHeader("Content-Type", "text/html; charset=utf-8")
                .body("<!DOCTYPE html><html><title>Sign in</title><form>…</form></html>").build());

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessageStartingWith(origin() + " answered with a login page ('Sign in') instead of Spark's JSON:"
                        + " an authentication proxy is in front of Spark;");
    }

    @Test
    void anHtmlPageThatIsNoLoginIsCalledWhatItIs() {
        spark.route("/api/v1/applications", () -> new MockResponse.Builder().code(200)
                .setHeader("Content-Type", "text/html; charset=utf-8")
                .body("<!DOCTYPE html><html><title>Welcome to nginx!</title></html>").build());

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessageStartingWith("got an HTML page instead of Spark's JSON from " + server.url("/api/v1/applications")
                        + " (a login page or proxy?);");
    }

    @Test
    void brokenJsonIsReportedWithItsUrl() {
        spark.route("/api/v1/applications", () -> json("[{\"id\": \"app-1\", \"attempts\": ["));

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessageStartingWith("not valid Spark REST JSON from " + server.url("/api/v1/applications") + ": ")
                .hasNoSuppressedExceptions();
    }

    @Test
    void aRedirectLoopIsNamedWithWhereItLeads() {
        spark.route("/api/v1/applications", () -> redirect("/gateway/login?ticket=SECRET-TICKET"))
                .route("/gateway/login", () -> redirect("/api/v1/applications"));

        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT))
                .hasMessageStartingWith("redirect loop: " + origin() + "/api/v1/applications answered with more than 20 redirects,"
                        + " the first to " + origin() + "/gateway/login, never with data — open the URL in a browser")
                .hasMessageNotContaining("SECRET-TICKET").hasMessageNotContaining("not HTTP");
    }

    @Test
    void credentialsTheServerRefusesAreSaidToBeRefused() {
        spark.route("/api/v1/applications", () -> text(401, "Unauthorized"));
        HttpOptions withUser = new HttpOptions(List.of(), Optional.of("alice:wrong-pw"), false, Optional.empty(), Duration.ofSeconds(10));

        assertThatThrownBy(() -> read(target(), withUser))
                .hasMessageStartingWith(origin() + " refused the credentials given (HTTP 401: Unauthorized): check the user name and password")
                .hasMessageNotContaining("pass credentials").hasMessageNotContaining("wrong-pw");
        assertThatThrownBy(() -> read(target(), HttpOptions.DEFAULT)).hasMessageContaining("pass credentials with");
    }

    @Test
    void yarnStyleRedirectToTheProxyIsFollowed() {
        // AmIpFilter answers every direct request with 302 to http://<rm>/proxy/redirect/<app>/<uri>.
        spark.route("/api/v1/applications", () -> redirect("/proxy/redirect/" + APP_ID + "/api/v1/applications"))
                .route("/proxy/redirect/" + APP_ID + "/api/v1/applications", () -> json(MiniSpark.list(APP)));
        for (String path : List.of("", "/jobs", "/stages", "/allexecutors", "/environment", "/sql")) {
            spark.route("/api/v1/applications/" + APP_ID + path,
                    () -> redirect("/proxy/redirect/" + APP_ID + "/api/v1/applications/" + APP_ID + path));
        }
        MiniSpark.emptyApp(spark, "/proxy/redirect/" + APP_ID, APP_ID, APP);

        AppSnapshot snapshot = read(target(), HttpOptions.DEFAULT);

        assertThat(snapshot.application().id()).isEqualTo(APP_ID);
        assertThat(spark.count(r -> r.getUrl().encodedPath().startsWith("/proxy/redirect/"))).isGreaterThanOrEqualTo(6);
    }

    @Test
    void basicAuthIsSentButNeverShown() {
        String expected = "Basic " + Base64.getEncoder().encodeToString("alice:s3cret-pw".getBytes());
        spark.route("/api/v1/applications", r -> expected.equals(r.getHeaders().get("Authorization")),
                        () -> json(MiniSpark.list(APP)))
                .route("/api/v1/applications/" + APP_ID + "/jobs", () -> text(403, "user \"alice\" is not authorized"));
        MiniSpark.emptyApp(spark, "", APP_ID, APP);
        HttpOptions withUser = new HttpOptions(List.of("X-Trace: 42"), Optional.of("alice:s3cret-pw"), false,
                Optional.empty(), Duration.ofSeconds(5));

        assertThatThrownBy(() -> read(target(), withUser))
                .hasMessageContaining("HTTP 403")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cret-pw", expected.substring(6)));
        assertThat(spark.requests()).allSatisfy(r -> {
            assertThat(r.getHeaders().get("Authorization")).isEqualTo(expected);
            assertThat(r.getHeaders().get("X-Trace")).isEqualTo("42");
        });
    }

    @Test
    void credentialsInTheUrlBecomeBasicAuthAndStayOutOfTheSnapshot() {
        String expected = "Basic " + Base64.getEncoder().encodeToString("bob:hunter2".getBytes());
        spark.route("/api/v1/applications", r -> expected.equals(r.getHeaders().get("Authorization")),
                () -> json(MiniSpark.list(APP)));
        MiniSpark.emptyApp(spark, "", APP_ID, APP);
        URI withUserInfo = URI.create("http://bob:hunter2@127.0.0.1:" + server.getPort() + "/");

        AppSnapshot snapshot = read(new Target.Http(withUserInfo), HttpOptions.DEFAULT);

        assertThat(snapshot.source().target()).isEqualTo("http://127.0.0.1:" + server.getPort() + "/");
        assertThat(snapshot.toString()).doesNotContain("hunter2");
        assertThat(spark.requests()).allSatisfy(r -> assertThat(r.getUrl().toString()).doesNotContain("hunter2"));
    }

    @Test
    void aDroppedConnectionIsRetriedOnce() {
        AtomicInteger calls = new AtomicInteger();
        spark.route("/api/v1/applications", () -> calls.incrementAndGet() == 1
                ? new MockResponse.Builder().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build()
                : json(MiniSpark.list(APP)));
        MiniSpark.emptyApp(spark, "", APP_ID, APP);

        AppSnapshot snapshot = read(target(), HttpOptions.DEFAULT);

        assertThat(snapshot.application().id()).isEqualTo(APP_ID);
        assertThat(calls.get()).isEqualTo(2);
    }

    private static MockResponse redirect(String location) {
        return new MockResponse.Builder().code(302).setHeader("Location", location).build();
    }

    private Target target() {
        return new Target.Http(server.url("/").uri());
    }

    private String origin() {
        return "http://" + server.getHostName() + ":" + server.getPort();
    }

    private static AppSnapshot read(Target target, HttpOptions options) {
        return read(target, AppSelector.ANY, options);
    }

    private static AppSnapshot read(Target target, AppSelector selector, HttpOptions options) {
        try (RestSource source = new RestSource(target, selector, options)) {
            return source.read();
        }
    }
}
