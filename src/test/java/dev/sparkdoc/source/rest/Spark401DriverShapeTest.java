package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Responses captured from a real Spark 4.0.1 driver UI (src/test/resources/spark-4.0.1-live/README.md). */
class Spark401DriverShapeTest {

    private static final String APP = "applications/local-1795966616509/";

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RoutingDispatcher driver = mock.routes();
    private final MockWebServer server = mock.server();
    private RestSource source;

    @BeforeEach
    void start() throws Exception {
        Fixtures.live401(driver);
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T15:37:10Z"), ZoneOffset.UTC);
        source = new RestSource(new Target.Http(server.url("/").uri()), AppSelector.ANY, HttpOptions.DEFAULT, clock);
    }

    @AfterEach
    void stop() {
        source.close();
    }

    @Test
    void stagesAndJobsAreNamedByTheirQueryOrTheUsersCallSiteNeverByAqesPoolThread() throws Exception {
        AppSnapshot snapshot = source.read();
        dev.sparkdoc.signals.StageNames names = dev.sparkdoc.signals.StageNames.of(snapshot);
        java.util.Map<Integer, String> stage = new java.util.TreeMap<>();
        snapshot.stages().forEach(st -> stage.put(st.stageId(), names.stage(st)));
        // stages 0-2 ran under AQE: Spark calls them "$anonfun$withThreadLocalCaptured$2 at CompletableFuture.java:1768"
        assertThat(snapshot.stages()).filteredOn(st -> st.stageId() <= 2)
                .allSatisfy(st -> assertThat(st.name()).startsWith("$anonfun$withThreadLocalCaptured$2"));
        assertThat(stage).containsEntry(0, "collect at Dump.java:17").containsEntry(1, "collect at Dump.java:17")
                .containsEntry(3, "collect at Dump.java:18").containsEntry(5, "collect at Dump.java:27");
        assertThat(snapshot.jobs()).allSatisfy(j -> assertThat(names.job(j)).doesNotContain("$anonfun$"));
        assertThat(snapshot.jobs()).filteredOn(j -> j.jobId() == 0).singleElement()
                .satisfies(j -> assertThat(names.job(j)).isEqualTo("collect at Dump.java:17"));

        var d = dev.sparkdoc.rules.Diagnosis.of(snapshot, dev.sparkdoc.rules.RuleCatalog.builtIn());
        var report = dev.sparkdoc.report.TriageReport.of(d, "test", dev.sparkdoc.rules.Severity.INFO, 50);
        String text = String.join("\n", dev.sparkdoc.report.TriageText.lines(report, dev.sparkdoc.report.Theme.PLAIN, 200, 0));
        String json = dev.sparkdoc.report.TriageJson.render(report);
        assertThat(d.findings()).isNotEmpty().allSatisfy(f -> assertThat(f.scope().label()).doesNotContain("$anonfun$"));
        assertThat(text).doesNotContain("$anonfun$").contains("collect at Dump.java:");
        assertThat(json).doesNotContain("$anonfun$");
    }

    @Test
    void aDriverUiIsLiveAndIncomplete() {
        AppSnapshot snapshot = source.read();

        assertThat(snapshot.source().kind()).isEqualTo(SourceKind.LIVE);
        assertThat(snapshot.source().complete()).isFalse();
        assertThat(snapshot.application().completed()).isFalse();
        // endTime 1969-12-31T23:59:59.999GMT is Spark's Date(-1): not ended.
        assertThat(snapshot.application().endTime()).isEmpty();
        assertThat(snapshot.application().attemptId()).isEmpty();
        assertThat(snapshot.application().sparkVersion()).contains("4.0.1");
        assertThat(snapshot.application().durationMs(snapshot.takenAt())).isPositive();
    }

    @Test
    void stagesJobsAndExecutorsOfSpark4AreRead() {
        AppSnapshot snapshot = source.read();

        assertThat(snapshot.stages()).hasSize(6);
        assertThat(snapshot.jobs()).hasSize(5);
        assertThat(snapshot.stage(1, 0).orElseThrow().status()).isEqualTo(StageStatus.SKIPPED);
        assertThat(snapshot.stage(1, 0).orElseThrow().tasks().skipped()).isEqualTo(2);
        // a skipped stage's tasks never ran: they are in the total, not in what ran
        assertThat(snapshot.tasksRun()).isEqualTo(snapshot.totalTasks() - 2);
        assertThat(snapshot.stage(3, 0).orElseThrow().totals().executorRunTimeMs()).isEqualTo(12_122);
        // 1 s of wall for 1.5 s of task time on 2 slots: no room for a tail, so no taskSummary is asked
        assertThat(snapshot.stage(0, 0).orElseThrow().quantiles()).isEmpty();
        assertThat(driver.count(r -> r.getUrl().encodedPath().endsWith("/stages/0/0/taskSummary"))).isZero();
        assertThat(snapshot.executor("driver").orElseThrow().maxTasks()).isEqualTo(2);
        assertThat(snapshot.executor("driver").orElseThrow().peakMemoryMetrics()).containsKey("ConcurrentGCTime");
        assertThat(snapshot.environment().sparkProperty("spark.app.name")).contains("dump");
        assertThat(snapshot.environment().javaVersion()).contains("17.0.15 (Debian)");
    }

    @Test
    void aSpark4TaskSummaryIsRead() {
        SparkApi api = new SparkApi(new RestClient(new okhttp3.OkHttpClient(), okhttp3.Headers.of(), java.time.Duration.ofSeconds(5)),
                server.url("/"));

        var summary = api.taskSummary(new AppRef("local-1795966616509", Optional.empty()), 0, 0).orElseThrow();

        assertThat(QuantilesMapper.map(summary, 2).get(TaskMetric.EXECUTOR_RUN_TIME).max()).isEqualTo(742);
    }

    @Test
    void jobsAreLinkedToTheirSqlExecution() {
        AppSnapshot snapshot = source.read();

        assertThat(snapshot.job(1).orElseThrow().sqlExecutionId()).contains(0L);
        assertThat(snapshot.job(4).orElseThrow().sqlExecutionId()).contains(3L);
        assertThat(snapshot.sqlExecutions()).extracting(SqlExecution::status)
                .containsExactly("COMPLETED", "COMPLETED", "FAILED", "FAILED");
    }

    @Test
    void sqlPlanMetricsGetTotalsInBaseUnits() {
        SqlExecution first = source.read().sqlExecutions().get(0);

        assertThat(metricTotal(first, "Range", "number of output rows")).isEqualTo(100_000);
        assertThat(metricTotal(first, "WholeStageCodegen (1)", "duration")).isEqualTo(1_000);
        assertThat(metricTotal(first, "Exchange", "shuffle bytes written")).isEqualTo(1_252);
        assertThat(first.edges()).contains(new SqlExecution.PlanEdge(8, 7));
        assertThat(first.nodes().stream().filter(n -> n.name().equals("Range")).findFirst().orElseThrow()
                .wholeStageCodegenId()).contains(1L);
    }

    @Test
    void spark4ErrorClassesAreGroupedAsExceptionFailures() {
        AppSnapshot snapshot = source.read();

        TaskFailure divide = snapshot.stage(4, 0).orElseThrow().failures().get(0);
        assertThat(divide.exceptionClass()).contains("org.apache.spark.SparkArithmeticException");
        assertThat(divide.message()).startsWith("org.apache.spark.SparkArithmeticException: [DIVIDE_BY_ZERO]");
        // raise_error('boom ' || id): first lines that differ only in the id are one kind of failure
        // (FailureMessages), with the first task's message as the example.
        assertThat(snapshot.stage(5, 0).orElseThrow().failures()).singleElement().satisfies(f -> {
            assertThat(f.exceptionClass()).contains("org.apache.spark.SparkRuntimeException");
            assertThat(f.count()).isEqualTo(2);
            assertThat(f.message()).contains("[USER_RAISED_EXCEPTION] boom 0");
        });
    }

    private static long metricTotal(SqlExecution execution, String node, String metric) {
        return execution.nodes().stream().filter(n -> n.name().equals(node)).findFirst().orElseThrow()
                .metrics().stream().filter(m -> m.name().equals(metric)).findFirst().orElseThrow()
                .total().orElseThrow();
    }
}
