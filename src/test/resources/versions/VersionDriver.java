import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The driver of dev.sparkdoc.spark.SparkVersionsScenarioTest, compiled by the test against each
 * Spark version's own jars (one source for 3.5 to 4.2: only API all of them have) and run in a JVM
 * of its own on that classpath. It runs the named workloads one after another, each as an
 * application of its own (a SparkSession stopped before the next starts: one JVM start per
 * version). For each it writes {@code ready-NAME} (the UI's URL, then the result) into the gate
 * folder, holds until the test writes {@code release-NAME}, stops, and writes {@code stopped-NAME}.
 *
 * <p>Arguments: GATE_DIR EVENTS_DIR WORKLOAD...; each workload's event log goes to EVENTS_DIR/NAME.
 */
public final class VersionDriver {

    public static void main(String[] args) throws Exception {
        Path gate = Path.of(args[0]);
        Path events = Path.of(args[1]);
        for (int i = 2; i < args.length; i++) {
            String name = args[i];
            Path log = Files.createDirectories(events.resolve(name));
            SparkSession.Builder b = SparkSession.builder().master("local[2]").appName("versions: " + name)
                    .config("spark.ui.port", "0").config("spark.ui.showConsoleProgress", "false")
                    .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
                    .config("spark.eventLog.enabled", "true").config("spark.eventLog.dir", log.toUri().toString())
                    .config("spark.sql.shuffle.partitions", "8");
            if (name.equals("max-result-size")) {
                b = b.config("spark.driver.maxResultSize", "4m");
            } else if (name.equals("tiny-tasks")) {
                b = b.config("spark.sql.adaptive.enabled", "false").config("spark.sql.shuffle.partitions", "100");
            }
            SparkSession spark = b.getOrCreate();
            String result;
            try {
                result = String.valueOf(run(name, spark));
            } catch (Exception e) {
                // a failing workload is a scenario too: its job failed, the application goes on
                result = "failed: " + e.getClass().getSimpleName();
            }
            String ui = spark.sparkContext().uiWebUrl().get();
            Files.writeString(gate.resolve("ready-" + name + ".tmp"), ui + "\n" + result + "\n");
            Files.move(gate.resolve("ready-" + name + ".tmp"), gate.resolve("ready-" + name));
            while (!Files.exists(gate.resolve("release-" + name))) {
                Thread.sleep(100);
            }
            spark.stop();
            Files.writeString(gate.resolve("stopped-" + name), "");
        }
    }

    private static long run(String name, SparkSession spark) {
        switch (name) {
            case "healthy": return healthy(spark);
            case "skew": return skewedJoin(spark);
            case "max-result-size": return collectTooMuch(spark);
            case "tiny-tasks": return tinyTasks(spark);
            default: throw new IllegalArgumentException("no workload " + name);
        }
    }

    /** Two even aggregations joined: four even tasks per stage, a second or two in all. */
    private static long healthy(SparkSession spark) {
        Dataset<Row> orders = spark.range(0, 200_000, 1, 4).toDF("id").withColumn("key", col("id").mod(1000));
        Dataset<Row> perKey = orders.groupBy("key").agg(count(lit(1)).as("orders"), sum("id").as("total"));
        Dataset<Row> latest = spark.range(0, 50_000, 1, 2).toDF("id").withColumn("key", col("id").mod(1000))
                .groupBy("key").agg(max("id").as("latest"));
        return perKey.join(latest, "key").count();
    }

    /**
     * 95 % of 200k rows on key 0, AQE's skew split and broadcast off: after the shuffle one join
     * task holds 190k rows, each costing 40 µs of sleep (7.6 s on any machine), the others 10k in all.
     */
    private static long skewedJoin(SparkSession spark) {
        spark.conf().set("spark.sql.autoBroadcastJoinThreshold", "-1");
        spark.conf().set("spark.sql.adaptive.skewJoin.enabled", "false");
        spark.conf().set("spark.sql.adaptive.coalescePartitions.enabled", "false");
        spark.conf().set("spark.sql.shuffle.partitions", "10");
        Dataset<Row> orders = spark.range(0, 200_000, 1, 2).toDF("id")
                .withColumn("key", when(col("id").lt(190_000), lit(0L)).otherwise(col("id").mod(1000)));
        Dataset<Row> customers = spark.range(0, 1000, 1, 1).toDF("key").withColumn("segment", col("key").mod(7));
        MapPartitionsFunction<Long, Long> costPerRow = rows -> {
            long n = 0;
            while (rows.hasNext()) {
                rows.next();
                if (++n % 1_000 == 0) {
                    Thread.sleep(40);   // 1,000 rows × 40 µs
                }
            }
            return List.of(n).iterator();
        };
        return orders.join(customers, "key").select(col("id")).as(Encoders.LONG())
                .mapPartitions(costPerRow, Encoders.LONG()).collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    /** ~40 MB of rows collected to the driver under maxResultSize=4m: Spark aborts the job. */
    private static long collectTooMuch(SparkSession spark) {
        Dataset<Row> df = spark.range(0, 400_000, 1, 8).withColumn("payload", expr("repeat(md5(cast(id as string)), 3)"));
        return df.collectAsList().size();
    }

    /** 10 small two-level aggregations of 2,000 cached rows, AQE off, 100 partitions: 30 stages of near-empty tasks. */
    private static long tinyTasks(SparkSession spark) {
        Dataset<Row> df = spark.range(0, 2000, 1, 4).withColumn("k", col("id").mod(37)).cache();
        long total = df.count();
        for (int i = 0; i < 10; i++) {
            total += df.groupBy(col("k").plus(i).as("g")).agg(sum("id").as("s")).groupBy(col("g").mod(5)).agg(max("s")).count();
        }
        return total;
    }
}
