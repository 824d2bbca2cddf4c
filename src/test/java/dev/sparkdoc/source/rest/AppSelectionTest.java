package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Which application a History Server or a host with several drivers gives, and what the user is told. */
class AppSelectionTest {

    private static final String OLD = MiniSpark.finishedApp("app-1", "nightly", "2026-11-28T01:00:00.000GMT",
            "2026-11-28T02:00:00.000GMT");
    private static final String NEWER = MiniSpark.finishedApp("app-2", "hourly", "2026-11-29T10:00:00.000GMT",
            "2026-11-29T10:05:00.000GMT");
    private static final String RUNNING = MiniSpark.historyRunningApp("app-3", "streaming", "2026-11-27T00:00:00.000GMT",
            "2026-11-29T13:00:00.000GMT");

    @RegisterExtension
    final FakeSpark history = new FakeSpark();
    @RegisterExtension
    final FakeSpark secondDriver = new FakeSpark();

    @Test
    void historyServerDefaultsToTheRunningAppAndSaysSo() throws Exception {
        startHistoryServer();

        AppSnapshot snapshot = read(new Target.Http(history.url("/").uri()), AppSelector.ANY);

        assertThat(snapshot.application().id()).isEqualTo("app-3");
        assertThat(snapshot.source().kind()).isEqualTo(SourceKind.HISTORY);
        assertThat(snapshot.source().complete()).isFalse();
        assertThat(snapshot.source().notes()).containsExactly("chose application app-3 (streaming) from 3 applications at "
                + history.url("/") + "; pick another with --app ID");
    }

    @Test
    void withoutRunningAppsTheMostRecentlyFinishedIsChosen() throws Exception {
        RoutingDispatcher spark = history.routes().route("/api/v1/applications", () -> json(MiniSpark.list(OLD, NEWER)));
        MiniSpark.emptyApp(spark, "", "app-1", OLD);
        MiniSpark.emptyApp(spark, "", "app-2", NEWER);

        AppSnapshot snapshot = read(new Target.Http(history.url("/").uri()), AppSelector.ANY);

        assertThat(snapshot.application().id()).isEqualTo("app-2");
        assertThat(snapshot.source().complete()).isTrue();
    }

    @Test
    void appOptionPicksThatAppWithoutANote() throws Exception {
        startHistoryServer();

        AppSnapshot snapshot = read(new Target.Http(history.url("/").uri()), new AppSelector(Optional.of("app-1"), Optional.empty()));

        assertThat(snapshot.application().id()).isEqualTo("app-1");
        assertThat(snapshot.application().name()).isEqualTo("nightly");
        assertThat(snapshot.source().notes()).isEmpty();
    }

    @Test
    void unknownAttemptListsTheAttempts() throws Exception {
        startHistoryServer();

        assertThatThrownBy(() -> read(new Target.Http(history.url("/").uri()),
                new AppSelector(Optional.of("app-1"), Optional.of("7"))))
                .hasMessage("application app-1 has no attempt '7'; attempts: (none)");
    }

    @Test
    void multiAttemptAppReadsTheNewestAttemptUnderItsPath() throws Exception {
        RoutingDispatcher spark = history.routes()
                .route("/api/v1/applications", () -> json("[" + Fixtures.expectation("one_app_multi_attempt_json") + "]"))
                .resource("applications/local-1426533911241", Fixtures.V40 + "one_app_multi_attempt_json_expectation.json")
                .resource("applications/local-1426533911241/2/jobs", Fixtures.V40 + "job_list_from_multi_attempt_app_json_2__expectation.json")
                .route("/api/v1/applications/local-1426533911241/2/stages", () -> json("[]"))
                .route("/api/v1/applications/local-1426533911241/2/allexecutors", () -> json("[]"));

        AppSnapshot snapshot = read(new Target.Http(history.url("/").uri()), AppSelector.ANY);

        assertThat(snapshot.application().attemptId()).contains("2");
        assertThat(snapshot.application().attempts()).hasSize(2);
        assertThat(snapshot.jobs()).isNotEmpty();
        assertThat(snapshot.source().kind()).isEqualTo(SourceKind.HISTORY);
    }

    @Test
    void hostScanFindsEachDriverAndPrefersTheRunningOne() throws Exception {
        String finished = MiniSpark.finishedApp("local-1", "batch", "2026-11-29T13:00:00.000GMT", "2026-11-29T13:01:00.000GMT");
        String live = MiniSpark.liveApp("local-2", "shell", "2026-11-29T12:00:00.000GMT");
        RoutingDispatcher first = history.routes().route("/api/v1/applications", () -> json(MiniSpark.list(finished)));
        RoutingDispatcher second = secondDriver.routes().route("/api/v1/applications", () -> json(MiniSpark.list(live)));
        MiniSpark.emptyApp(second, "", "local-2", live);
        List<Integer> ports = List.of(history.server().getPort(), secondDriver.server().getPort(), FakeSpark.closedPort());

        AppSnapshot snapshot = read(new Target.HostScan("127.0.0.1", ports), AppSelector.ANY);

        assertThat(snapshot.application().id()).isEqualTo("local-2");
        assertThat(snapshot.source().kind()).isEqualTo(SourceKind.LIVE);
        assertThat(snapshot.source().notes()).singleElement().asString()
                .startsWith("chose application local-2 (shell) from 2 applications at 127.0.0.1:");
        // Later polls stay on the chosen driver.
        assertThat(first.requests()).hasSize(1);
    }

    private void startHistoryServer() throws Exception {
        RoutingDispatcher spark = history.routes()
                .route("/api/v1/applications", () -> json(MiniSpark.list(OLD, NEWER, RUNNING)));
        MiniSpark.emptyApp(spark, "", "app-1", OLD);
        MiniSpark.emptyApp(spark, "", "app-2", NEWER);
        MiniSpark.emptyApp(spark, "", "app-3", RUNNING);
    }

    private static AppSnapshot read(Target target, AppSelector selector) {
        try (RestSource source = new RestSource(target, selector, HttpOptions.DEFAULT)) {
            source.read();
            return source.read();
        }
    }
}
