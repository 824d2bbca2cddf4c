package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.rest.dto.StageDataDto;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An application with many finished stages: per-poll requests stay bounded and parallelism capped. */
class StageDetailBoundsTest {
    private static final Instant NOW = Instant.parse("2026-11-29T13:40:00Z");


    private static final AppRef APP = new AppRef("local-1", Optional.empty());
    private static final String SUMMARY = Fixtures.expectation("stage_task_summary_w_shuffle_read");

    private final MockWebServer server = new MockWebServer();
    private final List<String> paths = java.util.Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final ExecutorService pool = Executors.newFixedThreadPool(RestSource.PARALLEL_REQUESTS);
    private SparkApi api;

    @BeforeEach
    void start() throws Exception {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(2);
                    paths.add(request.getUrl().encodedPath());
                    return json(request.getUrl().encodedPath().endsWith("taskSummary") ? SUMMARY : "[]");
                } finally {
                    inFlight.decrementAndGet();
                }
            }
        });
        server.start();
        api = new SparkApi(new RestClient(new OkHttpClient(), Headers.of(), Duration.ofSeconds(5)), server.url("/"));
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
        server.close();
    }

    @Test
    void summariesAreCappedPerPollAndTheRestFollowLater() {
        List<StageDataDto> stages = IntStream.range(0, 250).mapToObj(StageDetailBoundsTest::finishedStage).toList();
        StageDetailLoader loader = new StageDetailLoader(pool);
        List<String> notes = new ArrayList<>();

        Map<String, StageDetails> first = loader.load(api, APP, stages, 4, NOW, notes);

        assertThat(summaryRequests()).isEqualTo(StageDetailLoader.MAX_SUMMARIES_PER_POLL);
        assertThat(notes).containsExactly("task quantiles read for 200 of 250 stages in this poll (the busiest first);"
                + " the rest follow on the next polls");
        // The busiest stages (highest run time = highest id here) come first.
        assertThat(first.get("249.0").quantiles()).isPresent();
        assertThat(first.get("0.0").quantiles()).isEmpty();
        assertThat(maxInFlight.get()).isLessThanOrEqualTo(RestSource.PARALLEL_REQUESTS);

        paths.clear();
        Map<String, StageDetails> second = loader.load(api, APP, stages, 4, NOW, new ArrayList<>());

        assertThat(summaryRequests()).isEqualTo(50);
        assertThat(second.values()).allMatch(d -> d.quantiles().isPresent());
        assertThat(paths).noneMatch(p -> p.endsWith("taskList"));

        paths.clear();
        loader.load(api, APP, stages, 4, NOW, new ArrayList<>());

        assertThat(paths).isEmpty();
    }

    @Test
    void aStageWithFailedTasksGetsItsQuantilesInTheFirstPollHoweverCheapItWas() {
        List<StageDataDto> stages = new ArrayList<>(IntStream.range(1, 250).mapToObj(StageDetailBoundsTest::finishedStage).toList());
        stages.add(new StageDataDto("FAILED", 0, 0, 4, 0, 3, 1, 0, null, null, null, "task failed", 0, 10L, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage 0", null, ""));

        Map<String, StageDetails> first = new StageDetailLoader(pool).load(api, APP, stages, 4, NOW, new ArrayList<>());

        assertThat(first.get("0.0").quantiles()).as("the failed stage, with the least run time").isPresent();
        assertThat(first.get("1.0").quantiles()).as("the cheapest healthy stage waits").isEmpty();
    }

    private long summaryRequests() {
        return paths.stream().filter(p -> p.endsWith("taskSummary")).count();
    }

    private static StageDataDto finishedStage(int id) {
        return new StageDataDto("COMPLETE", id, 0, 4, 0, 4, 0, 0, null, null, null, null, 0, 1000L + id, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage " + id, null, "");
    }
}
