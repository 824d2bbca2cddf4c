package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.rest.dto.StageDataDto;
import dev.sparkdoc.testing.Slow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
    private static final Instant T0 = NOW.minusSeconds(3_600);
    /**
     * What a steady poll of a busy app spends before the stage details: the application, the
     * running jobs, active and pending stages, two single job or stage reads, executors, a SQL page.
     */
    private static final int OTHER_REQUESTS = 8;
    /** What RestSource gives the loader after those, keeping the plan texts' share for after it. */
    private static final int BUDGET = RestSource.MAX_REQUESTS_PER_POLL - OTHER_REQUESTS - PlanTexts.PER_POLL;

    private static final AppRef APP = new AppRef("local-1", Optional.empty());
    private static final String SUMMARY = Fixtures.expectation("stage_task_summary_w_shuffle_read");

    private final MockWebServer server = new MockWebServer();
    private final List<String> paths = java.util.Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();
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
                    String body = request.getUrl().encodedPath().endsWith("taskSummary") ? SUMMARY : "[]";
                    bytes.addAndGet(body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
                    return json(body);
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
        // no times: nothing tells these stages cheap, so every one is worth its summary
        List<StageDataDto> stages = IntStream.range(0, 50).mapToObj(StageDetailBoundsTest::finishedStage).toList();
        StageDetailLoader loader = new StageDetailLoader(pool);
        List<String> notes = new ArrayList<>();

        Map<String, StageDetails> first = loader.load(api, APP, stages, 4, NOW, BUDGET, notes);

        // the 3 busiest stages' slowest tasks, then each summary of a finished stage with its slowest
        // tasks (2 requests): 3 + 15 × 2 = 33 of the 34 the budget leaves
        assertThat(summaryRequests()).isEqualTo(18);
        assertThat(taskListRequests()).isEqualTo(18);
        assertThat(notes).containsExactly("task quantiles: 18 of 50 stages worth reading so far (filling)");
        // The busiest stages (highest run time = highest id here) come first.
        assertThat(first.get("49.0").quantiles()).isPresent();
        assertThat(first.get("0.0").quantiles()).isEmpty();
        assertThat(maxInFlight.get()).isLessThanOrEqualTo(RestSource.PARALLEL_REQUESTS);

        paths.clear();
        notes.clear();
        loader.load(api, APP, stages, 4, NOW, BUDGET, notes);
        assertThat(notes).containsExactly("task quantiles: 36 of 50 stages worth reading so far (filling)");
        assertThat(paths.size()).isLessThanOrEqualTo(BUDGET);

        paths.clear();
        notes.clear();
        Map<String, StageDetails> third = loader.load(api, APP, stages, 4, NOW, BUDGET, notes);

        assertThat(summaryRequests()).isEqualTo(14);
        assertThat(third.values()).allMatch(d -> d.quantiles().isPresent());
        assertThat(taskListRequests()).as("each with its slowest tasks, once").isEqualTo(14);
        assertThat(notes).as("filled").isEmpty();

        paths.clear();
        loader.load(api, APP, stages, 4, NOW, BUDGET, new ArrayList<>());

        assertThat(paths).isEmpty();
    }

    @Test
    void summariesGetWhatTheTaskListsLeaveOfTheBudget() {
        List<StageDataDto> stages = new ArrayList<>(IntStream.range(0, 50).mapToObj(StageDetailBoundsTest::finishedStage).toList());
        IntStream.range(100, 110).mapToObj(StageDetailBoundsTest::activeStage).forEach(stages::add);

        new StageDetailLoader(pool).load(api, APP, stages, 4, NOW, 15, new ArrayList<>());

        // 10 running-task pages and 3 slowest-task lists: 2 summaries, the active stages' first
        assertThat(paths).hasSize(15);
        assertThat(paths.stream().filter(p -> p.endsWith("taskSummary")))
                .containsExactlyInAnyOrder("/api/v1/applications/local-1/stages/109/0/taskSummary",
                        "/api/v1/applications/local-1/stages/108/0/taskSummary");
    }

    @Slow
    @Test
    void everyPollOfAnAppWith3000FinishedStagesStaysPoliteAndTheWorthwhileOnesFill() {
        pollsStayPolite(3_000);
    }

    @Slow
    @Test
    void everyPollOfAnAppWith10000FinishedStagesStaysPoliteAndTheWorthwhileOnesFill() {
        pollsStayPolite(10_000);
    }

    /**
     * One stage in ten can hide a tail (twice its even spread); the others ran as long as their
     * work over their slots. Plus 4 active stages and 2 that lost tasks, as a busy app has.
     */
    private void pollsStayPolite(int finished) {
        List<StageDataDto> stages = new ArrayList<>();
        for (int id = 0; id < finished; id++) {
            stages.add(id % 10 == 0 ? timedStage(id, 8, 20_000, 40_000) : timedStage(id, 8, 10_000, 40_000));
        }
        stages.add(failedTasksStage(finished));
        stages.add(failedTasksStage(finished + 1));
        IntStream.range(finished + 2, finished + 6).mapToObj(StageDetailBoundsTest::activeStage).forEach(stages::add);
        StageDetailLoader loader = new StageDetailLoader(pool);
        long worth = finished / 10 + 2;

        Map<String, StageDetails> details = Map.of();
        int polls = 0;
        for (List<String> notes = new ArrayList<>(List.of("first")); !notes.isEmpty(); polls++) {
            paths.clear();
            bytes.set(0);
            notes.clear();
            details = loader.load(api, APP, stages, 4, NOW, BUDGET, notes);

            assertThat(paths.size() + OTHER_REQUESTS + PlanTexts.PER_POLL).as("requests of poll %d", polls + 1)
                    .isLessThan(50);
            assertThat(bytes.get()).as("bytes of poll %d", polls + 1).isLessThan(1 << 20);
            assertThat(polls).as("polls until filled").isLessThan(100);
        }
        System.err.printf("StageDetailBoundsTest: %,d finished stages, %,d worth a summary: filled in %d polls%n",
                finished, worth, polls);
        for (StageDataDto s : stages) {
            boolean worthIt = s.stageId() % 10 == 0 || s.stageId() >= finished;
            assertThat(details.get(s.key()).quantiles().isPresent()).as("quantiles of stage %s", s.key()).isEqualTo(worthIt);
        }
        paths.clear();
        loader.load(api, APP, stages, 4, NOW, BUDGET, new ArrayList<>());
        assertThat(paths.stream().filter(p -> p.endsWith("taskSummary"))).as("only the active stages' again").hasSize(4);
    }

    @Test
    void aStageTooDearForWhatIsLeftLetsACheaperOneBehindItIn() {
        // stage 10 has no times (its tail could be anything: first in line) and costs 2 requests,
        // its summary and its slowest tasks; the busiest three have their slowest read anyway
        List<StageDataDto> stages = new ArrayList<>(IntStream.range(0, 3).mapToObj(i -> timedStage(i, 4, 60_000, 100_000 + i)).toList());
        stages.add(finishedStage(10));

        Map<String, StageDetails> first = new StageDetailLoader(pool).load(api, APP, stages, 4, NOW, 3 + 1, new ArrayList<>());

        assertThat(paths).hasSize(4);
        assertThat(first.get("10.0").quantiles()).as("two requests do not fit in one").isEmpty();
        assertThat(first.get("2.0").quantiles()).as("the next in line costs one").isPresent();
    }

    @Test
    void aStageWithFailedTasksGetsItsQuantilesInTheFirstPollHoweverCheapItWas() {
        List<StageDataDto> stages = new ArrayList<>(IntStream.range(1, 250).mapToObj(StageDetailBoundsTest::finishedStage).toList());
        stages.add(new StageDataDto("FAILED", 0, 0, 4, 0, 3, 1, 0, null, null, null, "task failed", 0, 10L, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage 0", null, ""));

        Map<String, StageDetails> first = new StageDetailLoader(pool).load(api, APP, stages, 4, NOW, BUDGET, new ArrayList<>());

        assertThat(first.get("0.0").quantiles()).as("the failed stage, with the least run time").isPresent();
        assertThat(first.get("1.0").quantiles()).as("the cheapest healthy stage waits").isEmpty();
    }

    private long taskListRequests() {
        return paths.stream().filter(p -> p.endsWith("taskList")).count();
    }

    private long summaryRequests() {
        return paths.stream().filter(p -> p.endsWith("taskSummary")).count();
    }

    /** A finished stage of {@code tasks} tasks that ran {@code wallMs} for {@code runMs} of task time. */
    private static StageDataDto timedStage(int id, int tasks, long wallMs, long runMs) {
        return new StageDataDto("COMPLETE", id, 0, tasks, 0, tasks, 0, 0, RestDates.format(T0), RestDates.format(T0),
                RestDates.format(T0.plusMillis(wallMs)), null, 0, runMs, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage " + id, null, "");
    }

    /** Finished, with failed tasks, but cheap: its summary is read all the same. */
    private static StageDataDto failedTasksStage(int id) {
        return new StageDataDto("COMPLETE", id, 0, 8, 0, 8, 2, 0, RestDates.format(T0), RestDates.format(T0),
                RestDates.format(T0.plusMillis(500)), null, 0, 1_000, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage " + id, null, "");
    }

    private static StageDataDto activeStage(int id) {
        return new StageDataDto("ACTIVE", id, 0, 8, 2, 6, 0, 0, RestDates.format(T0), RestDates.format(T0), null, null,
                0, 100L + id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage " + id, null, "");
    }

    private static StageDataDto finishedStage(int id) {
        return new StageDataDto("COMPLETE", id, 0, 4, 0, 4, 0, 0, null, null, null, null, 0, 1000L + id, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage " + id, null, "");
    }
}
