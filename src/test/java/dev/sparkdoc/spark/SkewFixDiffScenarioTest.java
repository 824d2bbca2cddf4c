package dev.sparkdoc.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.testing.RealSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loop a fix is for, on real Spark: a skewed sort-merge join whose app turned AQE's skew join
 * off; triage's own remedy settings (read from its JSON, nothing typed here) applied to the next
 * run; {@code diff} of the two logs says the skew finding is gone or smaller, with the seconds saved.
 * The app tuned AQE's advisory partition size to 256 KiB, so its 1.5 MiB hot partition (compressed
 * shuffle blocks, as AQE measures them) is one AQE can cut; each row after the join costs
 * {@link #MICROS_PER_ROW} of sleep, so task time follows rows on any machine. Measured: the hot
 * task 6.5 s against a 292 ms median before; the finding gone after, 6.2 s saved.
 */
@RealSpark
class SkewFixDiffScenarioTest {

    static final long ROWS = 400_000;
    static final long KEYS = 1_000;
    static final int MICROS_PER_ROW = 20;
    static final String APP = "nightly skewed join";

    @TempDir
    static Path dir;

    static final Map<String, String> APP_CONF = Map.of(
            "spark.sql.autoBroadcastJoinThreshold", "-1",
            "spark.sql.adaptive.skewJoin.enabled", "false",
            "spark.sql.adaptive.coalescePartitions.enabled", "false",
            "spark.sql.adaptive.advisoryPartitionSizeInBytes", "256k",
            "spark.sql.shuffle.partitions", "10");

    static long workload(SparkSession spark) {
        spark.sparkContext().setJobDescription(APP);
        // three quarters of the orders have key 0: one join partition holds them
        Dataset<Row> orders = spark.range(0, ROWS, 1, 2).toDF("id")
                .withColumn("key", when(col("id").lt(ROWS * 3 / 4), lit(0L)).otherwise(col("id").mod(KEYS)));
        Dataset<Row> customers = spark.range(0, KEYS, 1, 1).toDF("key").withColumn("segment", col("key").mod(7));
        return orders.join(customers, "key").select(col("id")).as(Encoders.LONG())
                .mapPartitions(new SparkWorkloads.CostPerRow(MICROS_PER_ROW), Encoders.LONG())
                .collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    static Path run(String name, Map<String, String> conf) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        LocalSpark.Builder b = LocalSpark.builder().appName(APP).eventLog(logs, EventLogFormat.plain());
        conf.forEach(b::conf);
        long t0 = System.nanoTime();
        Path log;
        try (LocalSpark spark = b.start()) {
            assertThat(workload(spark.session())).isEqualTo(ROWS);
            log = spark.stop();
        }
        System.err.printf("SkewFixDiffScenarioTest: run %s %d ms%n", name, (System.nanoTime() - t0) / 1_000_000);
        return log;
    }

    @Test
    void theProposedSkewSettingsAppliedMakeTheSkewFindingGoneOrSmallerInTheDiff() throws IOException {
        Path before = run("skew join off", APP_CONF);

        CliRun triage = CliRun.of("triage", "--json", before.toString());
        JsonNode report = Json.mapper().readTree(triage.out());
        JsonNode skew = null;
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals("skew.stage-task-time")) {
                skew = f;
                break;
            }
        }
        assertThat(skew).as(triage.out()).isNotNull();
        assertThat(report.at("/findings/0/rule").asText()).as("the top finding").isEqualTo("skew.stage-task-time");
        assertThat(skew.get("settings").toString()).as(skew.toPrettyString()).contains("spark.sql.adaptive.skewJoin.enabled").contains("set by the app");
        // the fix: every setting the remedies propose, as triage wrote them
        Map<String, String> proposed = new LinkedHashMap<>();
        for (JsonNode r : skew.get("remedies")) {
            r.get("conf").fields().forEachRemaining(e -> {
                if (e.getKey().startsWith("spark.sql.adaptive.")) {
                    proposed.put(e.getKey(), e.getValue().asText());
                }
            });
        }
        assertThat(proposed).as(skew.toString()).containsEntry("spark.sql.adaptive.skewJoin.enabled", "true")
                .containsKey("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes")
                .as("AQE is on by default: not proposed").doesNotContainKey("spark.sql.adaptive.enabled");
        double lostBefore = skew.get("secondsLost").asDouble();

        Map<String, String> fixed = new LinkedHashMap<>(APP_CONF);
        fixed.putAll(proposed);
        Path after = run("proposed settings", fixed);

        CliRun diff = CliRun.of("diff", "--json", before.toString(), after.toString());
        JsonNode d = Json.mapper().readTree(diff.out());
        assertThat(com.networknt.schema.JsonSchemaFactory.getInstance(com.networknt.schema.SpecVersion.VersionFlag.V202012)
                .getSchema(Json.mapper().readTree(Path.of("docs/diff.schema.json").toFile())).validate(d)).isEmpty();
        JsonNode outcome = null;
        for (JsonNode f : d.get("findings")) {
            if (f.get("rule").asText().equals("skew.stage-task-time")) {
                outcome = f;
            }
        }
        assertThat(outcome).as(diff.out()).isNotNull();
        System.err.println("SkewFixDiffScenarioTest: " + outcome.get("summary").asText());
        assertThat(outcome.get("status").asText()).as(outcome.toString()).isIn("gone", "better");
        // the hot task's 300,000 rows cost 6 s of sleep before; AQE's pieces share them out
        assertThat(outcome.get("secondsSaved").asDouble()).as(outcome.toString()).isGreaterThan(lostBefore / 2);
        assertThat(outcome.get("facts").toString()).contains("stage.duration.maxOverP50");

        CliRun text = CliRun.of("diff", "--no-color", before.toString(), after.toString());
        assertThat(text.out()).contains("Findings of the baseline").containsPattern("(gone|better) +skew\\.stage-task-time on stage");
    }
}
