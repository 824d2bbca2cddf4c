package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.StreamingQuery;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.Test;

/**
 * Structured Streaming read live: the REST API has no streaming endpoint, so sparkdoc groups the
 * micro-batches' jobs and SQL executions by the query their descriptions name. A rate-source
 * query whose foreachBatch costs {@value #BEHIND_MS_PER_ROW} ms a row at {@value #ROWS_PER_SECOND}
 * rows/s takes longer than its 1 s trigger, so each batch holds more rows than the last: falling
 * behind, live. The same source at a cost the trigger covers keeps up: nothing at warning.
 */
@RealSpark
class LiveStreamingScenarioTest {

    private static final int ROWS_PER_SECOND = 20;
    /**
     * 20 rows/s × 100 ms: two seconds of work for each second of input, so each batch holds about twice the rows of
     * the last, on a machine of any speed (the work is sleeps). At 50 ms an idle machine kept pace for the four
     * batches read, each batch only its fixed cost (80 ms) bigger than the last.
     */
    private static final int BEHIND_MS_PER_ROW = 100;
    /** 20 rows/s × 5 ms = 0.1 s of work a second against a 2 s trigger: idle most of the time, even 3× slower. */
    private static final int KEEPS_UP_MS_PER_ROW = 5;
    private static final Duration PATIENCE = Duration.ofMinutes(4);

    @Test
    void aQuerySlowerThanItsInputFallsBehindLive() throws Exception {
        Diagnosis d = live("orders_stream", BEHIND_MS_PER_ROW, 1, 4);

        // the stream's own finding, at warning or worse; where it ranks among the JVM's others is not the
        // scenario's to control: this test runs in the test JVM, whose GC (23 % of the tiny tasks' time on a
        // loaded CI machine) lands in the same tasks, and findings rank by the seconds they cost.
        Finding behind = d.atLeast(Severity.WARNING).stream().filter(f -> f.rule().equals("streaming.falling-behind"))
                .findFirst().orElseThrow(() -> new AssertionError(ScenarioTriage.describe("behind", d)));
        assertThat(behind.title()).startsWith("Streaming query \"orders_stream\" falls behind");
        assertThat(behind.secondsLost()).as(ScenarioTriage.describe("behind", d)).isGreaterThan(1);
    }

    @Test
    void aQueryThatKeepsUpHasNothingAtWarningLive() throws Exception {
        Diagnosis d = live("steady_stream", KEEPS_UP_MS_PER_ROW, 2, 5);

        assertThat(d.atLeast(Severity.WARNING)).as(ScenarioTriage.describe("keeps up", d)).isEmpty();
    }

    /** Runs the query until the driver's REST API shows {@code batches} finished micro-batches; that snapshot, diagnosed. */
    private static Diagnosis live(String name, int msPerRow, int triggerSeconds, int batches) throws Exception {
        try (LocalSpark spark = LocalSpark.builder().appName("live streaming: " + name)
                .conf("spark.sql.shuffle.partitions", "2").start();
             RestSource rest = new RestSource(new Target.Http(URI.create(spark.uiUrl() + "/")), AppSelector.ANY,
                     HttpOptions.DEFAULT)) {
            SparkSession s = spark.session();
            // compiled and loaded before the stream starts, so its first batch is not mostly start-up
            s.range(1000).selectExpr("id * 2 AS v").groupBy("v").count().count();
            Dataset<Row> rate = s.readStream().format("rate").option("rowsPerSecond", String.valueOf(ROWS_PER_SECOND))
                    .option("numPartitions", "2").load();
            VoidFunction2<Dataset<Row>, Long> slowSink = (batch, id) -> Thread.sleep(batch.count() * msPerRow);
            org.apache.spark.sql.streaming.StreamingQuery q = rate.writeStream().queryName(name).foreachBatch(slowSink)
                    .trigger(Trigger.ProcessingTime(triggerSeconds, TimeUnit.SECONDS)).start();
            try {
                AppSnapshot snap = Await.value(batches + " finished micro-batches of " + name, PATIENCE,
                        () -> ScenarioTriage.readOrNull(rest),
                        x -> x != null && x.streamingQueries().stream().anyMatch(sq -> sq.batches() >= batches));
                StreamingQuery seen = snap.streamingQueries().get(0);
                System.err.printf("LiveStreamingScenarioTest [%s] %d batches: %s%n", name, seen.batches(),
                        seen.recent().stream().map(p -> p.numInputRows() + " rows " + p.durationMs() + " ms at " + p.timestamp()).toList());
                Diagnosis d = Diagnosis.of(snap, RuleCatalog.builtIn());
                System.err.println(ScenarioTriage.describe(name, d));
                assertThat(seen.name()).isEqualTo(name);
                assertThat(seen.id()).isEqualTo(q.id().toString());
                return d;
            } finally {
                try {
                    q.stop();
                } catch (java.util.concurrent.TimeoutException e) {
                    System.err.println("LiveStreamingScenarioTest: stopping " + name + ": " + e);
                }
            }
        }
    }
}
