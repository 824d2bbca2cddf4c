package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An answer over the size bound for a part of the application that can be left out (the Spark
 * properties, the SQL queries) costs that part and a note, not the whole reading; the jobs and
 * stages still come. A real Spark does not answer 64 MB here, so the bound is lowered to 64 KB.
 */
class OversizedAnswersTest {

    private static final String ID = "app-20261129133113-0002";
    private static final String APP_PATH = "/api/v1/applications/" + ID;
    private static final String APP = MiniSpark.liveApp(ID, "etl", "2026-11-29T13:31:13.000GMT");
    private static final String JOBS = "[{\"jobId\": 0, \"name\": \"count at etl.py:12\", \"stageIds\": [], "
            + "\"status\": \"RUNNING\", \"numTasks\": 0}]";

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();

    @AfterEach
    void restoreBound() {
        System.clearProperty(RestClient.MAX_BODY_PROPERTY);
    }

    @Test
    void oversizedPropertiesAndSqlAnswersAreLeftOutWithANote() {
        String huge = "[\"" + "x".repeat(200_000) + "\"]";
        mock.routes().route(APP_PATH + "/environment", () -> RoutingDispatcher.json(huge))
                .route(APP_PATH + "/sql", () -> RoutingDispatcher.json(huge))
                .route(APP_PATH + "/jobs", () -> RoutingDispatcher.json(JOBS))
                .route("/api/v1/applications", () -> RoutingDispatcher.json(MiniSpark.list(APP)));
        MiniSpark.emptyApp(mock.routes(), "", ID, APP);
        System.setProperty(RestClient.MAX_BODY_PROPERTY, String.valueOf(64 * 1024));

        try (RestSource source = new RestSource(mock.target(), AppSelector.ANY, HttpOptions.DEFAULT)) {
            AppSnapshot snapshot = source.read();

            assertThat(snapshot.jobs()).hasSize(1);
            assertThat(snapshot.environment()).isEqualTo(Environment.EMPTY);
            assertThat(snapshot.sqlExecutions()).isEmpty();
            assertThat(snapshot.source().notes())
                    .anySatisfy(n -> assertThat(n).startsWith("Spark properties left out: the answer from ")
                            .contains("/environment").contains("65,536 bytes").doesNotContain("\n"))
                    .anySatisfy(n -> assertThat(n).startsWith("SQL queries left out: the answer from ").contains("/sql"));
        }
    }
}
