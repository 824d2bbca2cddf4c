package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.RealSpark;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness itself: a real Spark 4 starts, serves its UI, runs the workloads, writes logs. */
@RealSpark
class LocalSparkTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path logs;

    @Test
    void runsTheJoinServesItsUiAndRenamesThePlainLogOnStop() throws Exception {
        Path log;
        try (LocalSpark spark = LocalSpark.builder().appName("harness-plain").eventLog(logs, EventLogFormat.plain()).start()) {
            System.err.printf("LocalSpark startup: %d ms%n", spark.startupMillis());
            assertThat(spark.uiUrl().getHost()).isEqualTo("127.0.0.1");
            assertThat(get(spark.uiUrl() + "/api/v1/applications")).contains(spark.appId(), "harness-plain");
            assertThat(spark.liveEventLog()).exists().hasFileName(spark.appId() + ".inprogress");

            long t0 = System.nanoTime();
            assertThat(SparkWorkloads.multiStageJoin(spark.session())).isEqualTo(SparkWorkloads.JOIN_KEYS);
            System.err.printf("multiStageJoin: %d ms%n", (System.nanoTime() - t0) / 1_000_000);

            spark.awaitListenersIdle();
            assertThat(spark.ledger().jobIds()).isNotEmpty();
            assertThat(spark.ledger().submittedStages()).hasSizeGreaterThanOrEqualTo(3);
            log = spark.stop();
            assertThat(log.resolveSibling(log.getFileName() + ".inprogress")).doesNotExist();
        }
        assertThat(log).isRegularFile();
        try (Stream<String> lines = Files.lines(log)) {
            assertThat(lines.findFirst()).hasValueSatisfying(first ->
                    assertThat(first).contains("SparkListenerLogStart", "\"Spark Version\":\"4.0.1\""));
        }
    }

    @Test
    void gatedJoinKeepsAStageActiveWithRunningTasksUntilTheGateOpens() {
        try (LocalSpark spark = LocalSpark.builder().appName("harness-gate").start();
             TaskGate gate = TaskGate.shut()) {
            BackgroundJob job = BackgroundJob.start(spark.session(), "gated join", SparkWorkloads::gatedMultiStageJoin);
            Await.until("both slots hold a gated task", Duration.ofSeconds(60), () -> gate.waiting() == 2);
            spark.awaitListenersIdle();

            // Task entities reach the UI store at once; a stage's numActiveTasks may lag until the
            // next heartbeat (AppStatusListener.maybeUpdate), so look at the tasks themselves.
            String active = get(spark.uiUrl() + "/api/v1/applications/" + spark.appId() + "/stages?status=active&details=true");
            assertThat(active).contains("\"status\" : \"ACTIVE\"", "gated join");
            assertThat(active.split("\"status\" : \"RUNNING\"", -1)).as("running tasks + 1").hasSize(3);
            assertThat(job.isDone()).isFalse();

            gate.open();
            assertThat(job.await(Duration.ofSeconds(60))).isEqualTo(SparkWorkloads.JOIN_KEYS);
        }
    }

    @Test
    void spark4DefaultWritesARollingZstdFolder() throws IOException {
        Path folder;
        String appId;
        try (LocalSpark spark = LocalSpark.builder().eventLog(logs, EventLogFormat.spark4Default()).start()) {
            appId = spark.appId();
            spark.session().range(10).count();
            assertThat(spark.liveEventLog().resolve("appstatus_" + appId + ".inprogress")).exists();
            folder = spark.stop();
        }
        assertThat(folder).isDirectory().hasFileName("eventlog_v2_" + appId);
        assertThat(folder.resolve("events_1_" + appId + ".zstd")).isRegularFile();
        assertThat(folder.resolve("appstatus_" + appId)).isRegularFile();
    }

    @Test
    void skewedJoinGivesOneTaskMostOfTheShuffleAndTheTime() {
        try (LocalSpark spark = LocalSpark.builder().appName("harness-skew").start()) {
            assertThat(SparkWorkloads.skewedJoin(spark.session(), 10)).isEqualTo(SparkWorkloads.JOIN_ROWS);
            assertThat(spark.session().conf().get("spark.sql.shuffle.partitions")).as("restored").isEqualTo("8");
            spark.awaitListenersIdle();

            List<TaskLedger.TaskEnd> join = spark.ledger().taskEnds().stream()
                    .collect(Collectors.groupingBy(TaskLedger.TaskEnd::stageId)).values().stream()
                    .filter(tasks -> tasks.size() == 10).findFirst().orElseThrow();
            long[] read = join.stream().mapToLong(TaskLedger.TaskEnd::shuffleReadBytes).sorted().toArray();
            long[] time = join.stream().mapToLong(TaskLedger.TaskEnd::durationMs).sorted().toArray();
            assertThat(read[9]).as("hot task's shuffle read vs median").isGreaterThan(5 * read[5]);
            assertThat(time[9]).as("hot task's duration vs median").isGreaterThan(3 * time[5]);
        }
    }

    private static String get(String url) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(url).isEqualTo(200);
            return r.body();
        } catch (IOException e) {
            throw new AssertionError("GET " + url + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
