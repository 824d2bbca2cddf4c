import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.*;
import org.apache.spark.sql.streaming.*;
import java.util.concurrent.TimeUnit;

/** Writes the streaming-* event logs of sparkdoc's tests: behind, healthy, failing. */
public class StreamApps {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        String dir = args[1];
        SparkSession spark = SparkSession.builder().master("local[2]").appName("stream-" + mode)
                .config("spark.ui.enabled", "false")
                .config("spark.eventLog.enabled", "true")
                .config("spark.eventLog.dir", "file://" + dir)
                .config("spark.eventLog.compress", "true")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            switch (mode) {
                case "behind" -> behind(spark);
                case "healthy" -> healthy(spark);
                case "failing" -> failing(spark);
                case "state" -> state(spark);
                default -> throw new IllegalArgumentException(mode);
            }
        } finally {
            spark.stop();
        }
    }

    /** 40 rows/s, 60 ms a row on 2 partitions (~33 rows/s), 1 s trigger: each batch bigger than the last. */
    static void behind(SparkSession spark) throws Exception {
        warmUp(spark);
        Dataset<Row> rate = spark.readStream().format("rate")
                .option("rowsPerSecond", "40").option("numPartitions", "2").load();
        Dataset<Long> slow = rate.select("value").as(Encoders.LONG())
                .map((MapFunction<Long, Long>) v -> { Thread.sleep(60); return v; }, Encoders.LONG());
        StreamingQuery q = slow.writeStream().queryName("behind").format("noop")
                .trigger(Trigger.ProcessingTime(1, TimeUnit.SECONDS)).start();
        q.awaitTermination(Long.getLong("behind.ms", 60_000));
        q.stop();
    }

    /** 20 rows/s counted per value with no watermark: the state holds every value ever seen. */
    static void state(SparkSession spark) throws Exception {
        warmUp(spark);
        Dataset<Row> rate = spark.readStream().format("rate")
                .option("rowsPerSecond", "20").option("numPartitions", "2").load();
        StreamingQuery q = rate.groupBy("value").count().writeStream()
                .queryName("counts").outputMode("update").format("noop")
                .trigger(Trigger.ProcessingTime(2, TimeUnit.SECONDS)).start();
        q.awaitTermination(Long.getLong("state.ms", 45_000));
        q.stop();
    }

    /** Loads and compiles what every query needs, so the first micro-batch is not mostly start-up. */
    static void warmUp(SparkSession spark) {
        spark.range(1000).selectExpr("id * 2 AS v").groupBy("v").count().count();
    }

    /** 20 rows/s, no work to speak of, 3 s trigger. */
    static void healthy(SparkSession spark) throws Exception {
        warmUp(spark);
        Dataset<Row> rate = spark.readStream().format("rate")
                .option("rowsPerSecond", "20").option("numPartitions", "2").load();
        StreamingQuery q = rate.selectExpr("value * 2 AS v").writeStream()
                .queryName("healthy").format("noop")
                .trigger(Trigger.ProcessingTime(3, TimeUnit.SECONDS)).start();
        q.awaitTermination(30_000);
        q.stop();
    }

    /** 10 rows/s, a map that throws on value 25. */
    static void failing(SparkSession spark) throws Exception {
        warmUp(spark);
        Dataset<Row> rate = spark.readStream().format("rate")
                .option("rowsPerSecond", "10").option("numPartitions", "2").load();
        Dataset<Long> parsed = rate.select("value").as(Encoders.LONG())
                .map((MapFunction<Long, Long>) v -> {
                    if (v == 25L) throw new IllegalArgumentException("bad record: value " + v);
                    return v;
                }, Encoders.LONG());
        StreamingQuery q = parsed.writeStream().queryName("parser").format("noop")
                .trigger(Trigger.ProcessingTime(1, TimeUnit.SECONDS)).start();
        try {
            q.awaitTermination(40_000);
        } catch (StreamingQueryException e) {
            System.out.println("query died as intended: " + e.getMessage().lines().findFirst().orElse(""));
        }
        q.stop();
    }
}
