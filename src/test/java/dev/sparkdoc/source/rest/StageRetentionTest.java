package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static dev.sparkdoc.testing.RoutingDispatcher.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.rest.dto.StageDataDto;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The stage list is kept to a bound, newest first, in the first read (the rest skipped as it
 * streams by) and across polls (the oldest finished ones dropped); a dropped stage is not asked for
 * again when a later job names it.
 */
class StageRetentionTest {

    private static final String ID = "app-20261129133113-0003";
    private static final String APP = "/api/v1/applications/" + ID;
    private static final AppRef REF = new AppRef(ID, Optional.empty());

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher spark = mock.routes();

    @Test
    void theNewestStagesAreKeptWithinTheBoundAcrossPolls() {
        spark.route(APP + "/jobs", query("status", "running"), () -> json("[]"))
                .route(APP + "/jobs", () -> json("[" + job(0, "0,1,2,3,4") + "]"))
                .route(APP + "/jobs/1", () -> json(job(1, "0,5")))
                .route(APP + "/stages", query("status", "active"), () -> json("[]"))
                .route(APP + "/stages", query("status", "pending"), () -> json("[]"))
                .route(APP + "/stages", () -> json("[" + IntStream.iterate(4, i -> i >= 0, i -> i - 1)
                        .mapToObj(StageRetentionTest::stage).collect(Collectors.joining(",")) + "]"))
                .route(APP + "/stages/5", () -> json("[" + stage(5) + "]"));
        SparkApi api = new SparkApi(new RestClient(new OkHttpClient(), Headers.of(), Duration.ofSeconds(5)), mock.url("/"));
        IncrementalLists lists = new IncrementalLists(3);

        IncrementalLists.Lists first = lists.load(api, REF);

        assertThat(first.stages()).extracting(StageDataDto::stageId).containsExactly(4, 3, 2);
        assertThat(first.stagesLeftOut()).isEqualTo(2);

        spark.clearRequests();
        IncrementalLists.Lists second = lists.load(api, REF);

        assertThat(second.stages()).extracting(StageDataDto::stageId).containsExactly(5, 4, 3);
        assertThat(second.stagesLeftOut()).isEqualTo(3);
        assertThat(spark.count(r -> r.getUrl().encodedPath().equals(APP + "/stages/0"))).as("a dropped stage asked again").isZero();
    }

    private static String job(int id, String stageIds) {
        return "{\"jobId\": " + id + ", \"name\": \"count\", \"stageIds\": [" + stageIds + "], \"status\": \"SUCCEEDED\"}";
    }

    private static String stage(int id) {
        return "{\"status\": \"COMPLETE\", \"stageId\": " + id + ", \"attemptId\": 0, \"numTasks\": 1, \"numCompleteTasks\": 1,"
                + " \"name\": \"map\"}";
    }
}
