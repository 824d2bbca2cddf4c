import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.callUDF;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.DataTypes;

/**
 * The driver of dev.sparkdoc.spark.SparkVersionsScenarioTest, compiled by the test against each
 * Spark version's own jars (one source for 3.5 to 4.2: only API all of them have) and run in a JVM
 * of its own on that classpath. It runs the named workloads one after another, each as an
 * application of its own (a SparkSession stopped before the next starts: one JVM start per
 * version). For each it writes {@code ready-NAME} (the UI's URL, then the result) into the gate
 * folder, holds until the test writes {@code release-NAME}, stops its streaming queries and itself,
 * and writes {@code stopped-NAME}. Workloads: healthy, skew, max-result-size, broadcast-timeout,
 * streams, tiny-stages. Every symptom of time is set by sleeps, never by CPU work, so a slower
 * machine only makes it plainer.
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
            } else if (name.equals("broadcast-timeout")) {
                // AQE off: under AQE the broadcast stage is not bound by the timeout
                b = b.config("spark.sql.adaptive.enabled", "false").config("spark.sql.broadcastTimeout", "1");
            } else if (name.equals("streams")) {
                b = b.config("spark.sql.shuffle.partitions", "2");
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
            for (StreamingQuery q : spark.streams().active()) {
                q.stop();
            }
            spark.stop();
            // the next application starts on an emptied heap, as in a JVM of its own: the garbage of the last
            // one must not read as this one's GC time (a GC pause counts in every task it stops)
            System.gc();
            Files.writeString(gate.resolve("stopped-" + name), "");
        }
    }

    private static long run(String name, SparkSession spark) throws Exception {
        switch (name) {
            case "healthy": return healthy(spark);
            case "skew": return skewedJoin(spark);
            case "max-result-size": return collectTooMuch(spark);
            case "broadcast-timeout": return broadcastTimeout(spark);
            case "streams": return streams(spark);
            case "tiny-stages": return tinyStages(spark);
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

    /**
     * A broadcast join whose small side takes 4 s to compute (its join key comes from a UDF that sleeps 1 s on
     * each of its 4 rows, so no plan can prune it) under spark.sql.broadcastTimeout=1: "Could not execute
     * broadcast in 1 secs" on any machine, a slower one only makes the side slower.
     */
    private static long broadcastTimeout(SparkSession spark) {
        spark.udf().register("slow_key", (UDF1<Long, Long>) id -> {
            Thread.sleep(1_000);
            return id;
        }, DataTypes.LongType);
        Dataset<Row> small = spark.range(0, 4, 1, 1).select(callUDF("slow_key", col("id")).as("key"), col("id").as("segment"));
        Dataset<Row> big = spark.range(0, 100_000, 1, 2).toDF("id").withColumn("key", col("id").mod(4));
        return big.join(broadcast(small), "key").count();
    }

    /** Rows a second from each rate source. */
    static final int STREAM_ROWS_PER_SECOND = 20;
    /**
     * The falling-behind query's foreachBatch sleeps this long per row: 2 s of work for each second of
     * input, so each batch holds about twice the rows of the last whatever the machine's speed (the work is
     * sleeps; a slower machine only adds to each batch's fixed cost, and to the next batch's rows). At 65 ms
     * (1.3 times) one CI run on a loaded machine read no falling behind on 3.5.9: the margins were too thin;
     * at 2 times four batches take about 20 s.
     */
    static final int BEHIND_MS_PER_ROW = 100;
    /**
     * 20 rows/s × 5 ms: 0.1 s of work a second against a 5 s trigger. A micro-batch's fixed cost (planning,
     * the offsets' log) was 2-3 s on a two-core machine under a load of 10: a 2 s trigger was overrun then.
     */
    static final int STEADY_MS_PER_ROW = 5;
    /** The record the parser query dies on (the rate source's values count up from 0, 10 a second). */
    static final long BAD_VALUE = 25;
    /** Finished micro-batches of the falling-behind query before the application is read. */
    static final int BEHIND_BATCHES = 4;

    /**
     * Three Structured Streaming queries in one application, each its own scope: "behind" (1 s trigger,
     * slower than its input), "steady" (5 s trigger, keeps up) and "parser" (dies on a bad record). They
     * share the driver but not their work: the two foreachBatch sinks sleep on their own query's thread.
     * Returns once the parser died and "behind" finished {@link #BEHIND_BATCHES} batches, with the two
     * others still running (the live reading sees them as they are); the number returned is the parser's
     * batches, as the driver saw them.
     */
    private static long streams(SparkSession spark) throws Exception {
        // compiled and loaded before the streams start, so their first batches are not mostly start-up
        spark.range(1000).selectExpr("id * 2 AS v").groupBy("v").count().count();
        StreamingQuery behind = sleepPerRow(spark, "behind", BEHIND_MS_PER_ROW, 1);
        StreamingQuery steady = sleepPerRow(spark, "steady", STEADY_MS_PER_ROW, 5);
        MapFunction<Long, Long> parse = v -> {
            if (v == BAD_VALUE) {
                throw new IllegalArgumentException("bad record: value " + v);
            }
            return v;
        };
        StreamingQuery parser = spark.readStream().format("rate").option("rowsPerSecond", "10").option("numPartitions", "2").load()
                .select(col("value")).as(Encoders.LONG()).map(parse, Encoders.LONG())
                .writeStream().queryName("parser").format("noop").trigger(Trigger.ProcessingTime(1, TimeUnit.SECONDS)).start();
        try {
            parser.awaitTermination();
        } catch (Exception e) {
            // the query's death is the scenario: StreamingQueryException
        }
        while (behind.recentProgress().length < BEHIND_BATCHES) {
            Thread.sleep(100);
        }
        if (!steady.isActive() || !behind.isActive()) {
            throw new IllegalStateException("a query that should run ended: " + spark.streams().active().length + " active");
        }
        return parser.recentProgress().length;
    }

    private static StreamingQuery sleepPerRow(SparkSession spark, String name, int msPerRow, int triggerSeconds) throws Exception {
        VoidFunction2<Dataset<Row>, Long> sink = (batch, id) -> Thread.sleep(batch.count() * msPerRow);
        return spark.readStream().format("rate").option("rowsPerSecond", String.valueOf(STREAM_ROWS_PER_SECOND))
                .option("numPartitions", "2").load()
                .writeStream().queryName(name).foreachBatch(sink).trigger(Trigger.ProcessingTime(triggerSeconds, TimeUnit.SECONDS))
                .start();
    }

    /** Stages of the tiny-stages workload, one per job. */
    static final int TINY_STAGES = 30;
    /** Tasks of each: more than the 50 sparkdoc calls many, fewer than the 2,000 its one-stage rule judges alone. */
    static final int TINY_TASKS_PER_STAGE = 60;
    /** What deserializing each task's function costs. */
    static final long DESERIALIZE_MS = 12;

    /**
     * 30 jobs of one stage of 60 tasks, each adding 1 to one number with a function whose deserialization
     * takes 12 ms (as a function capturing a lookup table does): each task's overhead is many times its work.
     * Spark counts that time as the task's deserialization, not its run time, so the overhead the rule sums
     * (each stage's wall beyond its run time over the slots) is at least 30 × 60 × 12 ms / 2 slots = 10.8 s
     * on any machine, whatever Spark's own per-task cost there. Returns the rows counted.
     */
    private static long tinyStages(SparkSession spark) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<Integer> numbers = IntStream.range(0, TINY_TASKS_PER_STAGE).boxed().collect(Collectors.toList());
        long total = 0;
        for (int i = 0; i < TINY_STAGES; i++) {
            total += jsc.parallelize(numbers, TINY_TASKS_PER_STAGE).map(new SlowToDeserialize()).count();
        }
        return total;
    }

    /** Adds one; costs {@link #DESERIALIZE_MS} each time a task deserializes it. */
    static final class SlowToDeserialize implements Function<Integer, Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public Integer call(Integer x) {
            return x + 1;
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            try {
                Thread.sleep(DESERIALIZE_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
