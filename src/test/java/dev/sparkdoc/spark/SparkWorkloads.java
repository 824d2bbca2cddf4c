package dev.sparkdoc.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Small real Spark jobs whose shape tests can rely on. All run in seconds on {@code local[2]}
 * and keep task counts small, so their event logs stay small enough to commit.
 */
public final class SparkWorkloads {

    /** Rows of the large side of {@link #multiStageJoin}; 200k take ~1 s on a warm JVM. */
    public static final long JOIN_ROWS = 200_000;
    /** Distinct join keys; each key is in both sides, so the join has this many rows. */
    public static final long JOIN_KEYS = 1_000;

    private SparkWorkloads() {
    }

    /**
     * A multi-stage job: 200k rows in 4 partitions aggregated by 1,000 keys, joined with a
     * second aggregated DataFrame (one partition, which keeps the event log under 300 KB),
     * then counted. Two shuffle-map stages, a
     * shuffle join and a final count; under AQE (on by default in Spark 4) each shuffle stage
     * runs as its own job. Returns the joined row count, {@link #JOIN_KEYS}.
     */
    public static long multiStageJoin(SparkSession spark) {
        return multiStageJoin(spark, false);
    }

    /**
     * {@link #multiStageJoin} whose first stage's tasks wait at the {@link TaskGate}, so a live
     * reader sees an active stage with running tasks until the test opens the gate.
     */
    public static long gatedMultiStageJoin(SparkSession spark) {
        return multiStageJoin(spark, true);
    }

    private static long multiStageJoin(SparkSession spark, boolean gated) {
        Dataset<Row> orders = spark.range(0, JOIN_ROWS, 1, 4).toDF("id");
        if (gated) {
            // only when asked: the typed map adds three plan operators to every plan update
            orders = orders.as(Encoders.LONG()).mapPartitions(new HoldAtGate(), Encoders.LONG()).toDF("id");
        }
        Dataset<Row> perKey = orders.withColumn("key", col("id").mod(JOIN_KEYS))
                .groupBy("key").agg(count(lit(1)).as("orders"), sum("id").as("total"));
        Dataset<Row> latest = spark.range(0, JOIN_ROWS / 4, 1, 1).toDF("id")
                .withColumn("key", col("id").mod(JOIN_KEYS))
                .groupBy("key").agg(max("id").as("latest"));
        return perKey.join(latest, "key").count();
    }

    /**
     * A skewed join: three quarters of the rows share key 0, so after the shuffle one task of
     * the join stage gets most of the data. Each joined row costs {@code microsPerRow} of
     * sleep, which makes the hot task visibly slower (~{@code 150k × microsPerRow}) than the
     * others on any machine. AQE's skew-join split and partition coalescing are turned off for
     * this query, as on a cluster where they are disabled or do not apply, so the skew stays
     * in the data. Returns the number of joined rows.
     */
    public static long skewedJoin(SparkSession spark, int microsPerRow) {
        return skewedJoin(spark, microsPerRow, 4);
    }

    /**
     * {@link #skewedJoin(SparkSession, int)} with {@code 1 - 1/hotShareDenominator} of the rows on
     * key 0 ({@code 4}: three quarters; {@code 20}: 95 %): the larger it is, the emptier the other
     * tasks and the clearer the hot one stands out, even on a loaded machine.
     */
    public static long skewedJoin(SparkSession spark, int microsPerRow, int hotShareDenominator) {
        long hotRows = JOIN_ROWS - JOIN_ROWS / hotShareDenominator;
        Map<String, String> skewConf = Map.of(
                "spark.sql.autoBroadcastJoinThreshold", "-1",
                "spark.sql.adaptive.skewJoin.enabled", "false",
                "spark.sql.adaptive.coalescePartitions.enabled", "false",
                "spark.sql.shuffle.partitions", "10");
        Map<String, String> before = new HashMap<>();
        skewConf.forEach((k, v) -> {
            before.put(k, spark.conf().get(k, null));
            spark.conf().set(k, v);
        });
        try {
            Dataset<Row> orders = spark.range(0, JOIN_ROWS, 1, 2).toDF("id")
                    .withColumn("key", when(col("id").lt(hotRows), lit(0L)).otherwise(col("id").mod(JOIN_KEYS)));
            Dataset<Row> customers = spark.range(0, JOIN_KEYS, 1, 1).toDF("key")
                    .withColumn("segment", col("key").mod(7));
            return orders.join(customers, "key").select(col("id"))
                    .as(Encoders.LONG())
                    .mapPartitions(new CostPerRow(microsPerRow), Encoders.LONG())
                    .collectAsList().stream().mapToLong(Long::longValue).sum();
        } finally {
            // restore, not unset: unset would drop the session's value (8) for Spark's default (200)
            before.forEach((k, v) -> {
                if (v == null) {
                    spark.conf().unset(k);
                } else {
                    spark.conf().set(k, v);
                }
            });
        }
    }

    /** Passes rows through once the {@link TaskGate} is open. */
    static final class HoldAtGate implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Long> call(Iterator<Long> rows) {
            TaskGate.pass();
            return rows;
        }
    }

    /** Counts a partition's rows, sleeping {@code microsPerRow} per row (in 1,000-row steps). */
    static final class CostPerRow implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final int microsPerRow;

        CostPerRow(int microsPerRow) {
            this.microsPerRow = microsPerRow;
        }

        @Override
        public Iterator<Long> call(Iterator<Long> rows) throws InterruptedException {
            long n = 0;
            while (rows.hasNext()) {
                rows.next();
                if (++n % 1_000 == 0) {
                    Thread.sleep(microsPerRow);   // 1,000 rows × µs = ms
                }
            }
            Thread.sleep(n % 1_000 * microsPerRow / 1_000);
            return List.of(n).iterator();
        }
    }
}
