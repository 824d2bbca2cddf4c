package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static dev.sparkdoc.testing.RoutingDispatcher.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The History Server listing fleet triage starts from: one request, filtered, newest first. */
class ApplicationListingTest {

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher spark = mock.routes();
    private final MockWebServer server = mock.server();
    /** A server that is no Spark: every path is unknown. */
    @RegisterExtension
    final FakeSpark other = new FakeSpark();

    @Test
    void asksForCompletedAppsSinceAnInstantInSparksDateFormat() {
        spark.route("/api/v1/applications", () -> json("[]"));

        ApplicationListing.list(target(), HttpOptions.DEFAULT, Optional.of(Instant.parse("2015-02-03T16:42:40Z")), 7);

        RecordedRequest request = spark.requests().get(0);
        assertThat(spark.requests()).hasSize(1);
        assertThat(request.getUrl().queryParameter("status")).isEqualTo("completed");
        assertThat(request.getUrl().queryParameter("minEndDate")).isEqualTo("2015-02-03T16:42:40.000GMT");
        assertThat(request.getUrl().queryParameter("limit")).isEqualTo("7");
    }

    @Test
    void filtersAndOrdersAgainWhenTheServerIgnoresTheQuery() {
        // A proxy or an old server may answer the whole list: running, old and new apps, any order.
        spark.route("/api/v1/applications", () -> json(MiniSpark.list(
                MiniSpark.finishedApp("old", "a", "2020-01-01T00:00:00.000GMT", "2020-01-01T01:00:00.000GMT"),
                MiniSpark.historyRunningApp("running", "b", "2026-11-29T10:00:00.000GMT", "2026-11-29T10:05:00.000GMT"),
                MiniSpark.finishedApp("newer", "c", "2026-11-29T08:00:00.000GMT", "2026-11-29T09:30:00.000GMT"),
                MiniSpark.finishedApp("newest", "d", "2026-11-29T08:00:00.000GMT", "2026-11-29T09:45:00.000GMT"),
                MiniSpark.finishedApp("new", "e", "2026-11-29T08:00:00.000GMT", "2026-11-29T09:00:00.000GMT"))));

        List<ListedApplication> apps = ApplicationListing.list(target(), HttpOptions.DEFAULT,
                Optional.of(Instant.parse("2026-01-01T00:00:00Z")), 2);

        assertThat(apps).extracting(ListedApplication::id).containsExactly("newest", "newer");
        assertThat(apps.get(0).durationMs()).isEqualTo(105 * 60_000L);
        assertThat(apps.get(0).sparkVersion()).contains("3.5.1");
        assertThat(apps.get(0).attemptId()).isEmpty();
    }

    @Test
    void theNewestAttemptIsTheOneListed() {
        spark.route("/api/v1/applications", () -> json("""
                [{"id": "application_1_0001", "name": "etl", "attempts": [
                  {"attemptId": "2", "startTime": "2026-11-29T09:00:00.000GMT", "endTime": "2026-11-29T09:10:00.000GMT",
                   "lastUpdated": "", "duration": 0, "sparkUser": "bob", "completed": true, "appSparkVersion": "3.5.1"},
                  {"attemptId": "1", "startTime": "2026-11-29T08:00:00.000GMT", "endTime": "2026-11-29T08:30:00.000GMT",
                   "lastUpdated": "", "duration": 0, "sparkUser": "bob", "completed": true, "appSparkVersion": "3.5.1"}]}]
                """));

        ListedApplication app = ApplicationListing.list(target(), HttpOptions.DEFAULT, Optional.empty(), 20).get(0);

        assertThat(app.attemptId()).contains("2");
        assertThat(app.durationMs()).isEqualTo(10 * 60_000L);
    }

    @Test
    void unauthorizedServerSaysHowToPassCredentials() {
        spark.route("/api/v1/applications", () -> text(401, "Unauthorized"));

        assertThatThrownBy(() -> ApplicationListing.list(target(), HttpOptions.DEFAULT, Optional.empty(), 20))
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("HTTP 401").hasMessageContaining("--user user:password");
    }

    @Test
    void loginPageAndNonSparkServerAreNamed() {
        spark.route("/api/v1/applications", () -> new MockResponse.Builder().code(200)
                .setHeader("Content-Type", "text/html").body("<html><title>Sign in</title></html>").build());
        assertThatThrownBy(() -> ApplicationListing.list(target(), HttpOptions.DEFAULT, Optional.empty(), 20))
                .hasMessageStartingWith(mock.origin() + " answered with a login page ('Sign in') instead of Spark's JSON");

        assertThatThrownBy(() -> ApplicationListing.list(other.target(), HttpOptions.DEFAULT, Optional.empty(), 20))
                .hasMessageContaining("is not a Spark REST API (HTTP 404)");
    }

    private Target.Http target() {
        return new Target.Http(server.url("/").uri());
    }
}
