package dev.sparkdoc.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.length;
import static org.apache.spark.sql.functions.sha2;
import static org.apache.spark.sql.functions.sum;

import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapGroupsFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;

/**
 * Real Spark jobs that each show exactly one first-aid problem, sized to run in seconds on
 * {@code local[2]}. The Spark settings each needs are in {@link ScenarioTest}; the workloads
 * here only shape the data and the per-row cost.
 */
final class Scenarios {

    /** Rows of the skewed group-by; three quarters share key 0. */
    static final long SKEW_ROWS = 200_000;
    static final long SKEW_HOT_ROWS = SKEW_ROWS * 3 / 4;
    /** Per-row cost of the skewed group-by: the hot key's 150k rows take ~6 s, a normal task ~0.2 s. */
    static final int SKEW_MICROS_PER_ROW = 40;

    /** Partitions of the straggler job; one of them sleeps {@link #STRAGGLER_SLEEP_MS}. */
    static final int STRAGGLER_PARTITIONS = 8;
    static final int STRAGGLER_PARTITION = 3;
    /** Long enough for the live rule (a task running 10 s past the median) to see it still running. */
    static final long STRAGGLER_SLEEP_MS = 16_000;
    /** Every task's own work, so the median is a real task time and not launch noise. */
    static final long STRAGGLER_BASE_MS = 300;

    static final long STRAGGLER_ROWS = STRAGGLER_PARTITIONS * 10_000L;

    /** Rows of the large side of the join; the small side has 1,000 (16 KB shuffled vs ~150 MB). */
    static final long JOIN_ORDERS = 2_000_000;

    /** Rows of ~100 bytes the spilling sort sorts: ~150 MB spilled, over the rule's 100 MB. */
    static final long SPILL_ROWS = 1_000_000;

    /** The id the failing UDF refuses. */
    static final long BAD_ID = 77_777;

    /**
     * Tasks of the tiny-task job. Local mode spends ~1.4 ms of wall time per task on scheduling
     * here (6,000 tasks lost 8.2 s), so 18,000 lose ~25 s: still over the rule's 5 s on a
     * machine three times faster, where the scheduler is too. The loss is the machine's own
     * speed, which no sleep can stand in for; only the count gives the margin.
     */
    static final int TINY_TASKS = 18_000;
    /** Rows of the one-partition scenario: at 20 µs each, 20 s of work for one task (15 s lost on 4 slots, against the 10 s warning). */
    static final long ONE_PARTITION_ROWS = 1_000_000;

    /** Rows the slow JVM UDF sees; it sleeps 1 ms on every {@link #UDF_SLEEP_EVERY}th: 16 s of task time. */
    static final long UDF_ROWS = 400_000;
    static final int UDF_SLEEP_EVERY = 25;

    /** Files of ~2 KB the small-files scenario writes and reads back: Spark packs them into few read tasks. */
    static final int SMALL_FILES = 2_000;
    static final int SMALL_FILE_ROWS = 30;

    /** MB collected to the driver, over the 64 MB the large-results rule asks for. */
    static final int COLLECT_MB = 100;

    private Scenarios() {
    }

    /**
     * A group-by where three quarters of the rows share one key: after the shuffle one task
     * holds the hot group and, at {@link #SKEW_MICROS_PER_ROW} per row, runs for seconds
     * while the others finish in a fraction of that. Returns the number of rows grouped.
     */
    static long skewedGroupBy(SparkSession spark) {
        return skewedGroupBy(spark, SKEW_MICROS_PER_ROW);
    }

    /** The skewed group-by with its own per-row cost: the hot key's 150k rows take 150 ms per µs. */
    static long skewedGroupBy(SparkSession spark, int microsPerRow) {
        Dataset<Long> ids = spark.range(0, SKEW_ROWS, 1, 2);
        return ids.groupByKey((MapFunction<Long, Long>) id -> id < SKEW_HOT_ROWS ? 0L : id % 1_000, Encoders.LONG())
                .flatMapGroups(new CountWithCost(microsPerRow), Encoders.LONG())
                .collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Evenly sized partitions where one task sleeps: the slowness is the task's, not its data's,
     * as with a slow disk or a noisy neighbour on one host. Returns the row count.
     */
    static long straggler(SparkSession spark) {
        // repartition(n) deals rows round-robin: every reduce task reads the same shuffle data, so
        // "the same data" is measured, not assumed (a spark.range stage reports no data at all)
        return spark.range(0, STRAGGLER_ROWS, 1, 2).repartition(STRAGGLER_PARTITIONS)
                .mapPartitions(new SleepyPartition(STRAGGLER_PARTITION, STRAGGLER_SLEEP_MS, STRAGGLER_BASE_MS), Encoders.LONG())
                .collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * A join of 2M orders with 1,000 customers: with broadcasting turned off Spark shuffles and
     * sorts both sides (a sort-merge join) although one side is a few KB. Returns the join's rows.
     */
    static long joinWithTinySide(SparkSession spark) {
        Dataset<Row> orders = spark.range(0, JOIN_ORDERS, 1, 4).toDF("id")
                .withColumn("key", col("id").mod(1_000))
                .withColumn("amount", col("id").multiply(7).mod(1_000))
                // A payload makes the large side weigh what real order rows do (~80 bytes each).
                .withColumn("note", sha2(col("id").cast("string"), 256));
        Dataset<Row> customers = spark.range(0, 1_000, 1, 1).toDF("key")
                .withColumn("segment", col("key").mod(7));
        // Sum the payload's length so that Spark cannot prune it before the shuffle.
        return orders.join(customers, "key").agg(sum(length(col("note")))).first().getLong(0);
    }

    /**
     * A global sort of {@link #SPILL_ROWS} rows of ~100 bytes of hashes each: with little
     * execution memory, the sorters spill most of it to disk. Returns the sorted rows' count.
     */
    static long sortThatSpills(SparkSession spark) {
        Dataset<Row> hashed = spark.range(0, SPILL_ROWS, 1, 4).toDF("id")
                .withColumn("h", concat(sha2(col("id").cast("string"), 256), sha2(col("id").cast("string"), 224)));
        return hashed.orderBy(col("h")).as(Encoders.tuple(Encoders.LONG(), Encoders.STRING()))
                .mapPartitions((MapPartitionsFunction<scala.Tuple2<Long, String>, Long>) it -> {
                    long n = 0;
                    while (it.hasNext()) {
                        it.next();
                        n++;
                    }
                    return List.of(n).iterator();
                }, Encoders.LONG())
                .collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    /** A UDF that throws on one bad record, as user code does on data it did not expect. */
    static long failingUdf(SparkSession spark) {
        UserDefinedFunction parse = functions.udf((UDF1<Long, Long>) id -> {
            if (id == BAD_ID) {
                throw new IllegalArgumentException("bad record: id " + id + " is not a valid order");
            }
            return id * 2;
        }, DataTypes.LongType);
        Row r = spark.range(0, 100_000, 1, 4).toDF("id").select(sum(parse.apply(col("id")))).first();
        return r.getLong(0);
    }

    /**
     * A registered Scala-style UDF ({@code normalize}) that costs real time per row, as parsing or
     * a regex compiled per call does: the UDF's pipeline is nearly all of the query's task time.
     * Returns the sum of its results.
     */
    static long slowJvmUdf(SparkSession spark) {
        return slowJvmUdf(spark, UDF_ROWS, 4);
    }

    /** The same over {@code rows} in {@code partitions} tasks: each sleeps rows / partitions / 25 ms at least. */
    static long slowJvmUdf(SparkSession spark, long rows, int partitions) {
        spark.udf().register("normalize", (UDF1<Long, Long>) id -> {
            if (id % UDF_SLEEP_EVERY == 0) {
                Thread.sleep(1);
            }
            return id % 1_000;
        }, DataTypes.LongType);
        return spark.range(0, rows, 1, partitions).select(sum(functions.callUDF("normalize", col("id")))).first().getLong(0);
    }

    /**
     * Writes {@link #SMALL_FILES} CSV files of ~2 KB into {@code dir} (one per task after a
     * round-robin repartition, as a write after a wide shuffle does), then reads them back.
     * Returns the characters read, so the read really happened.
     */
    static long smallFiles(SparkSession spark, java.nio.file.Path dir) {
        String out = dir.resolve("small-files").toString();
        spark.range(0, (long) SMALL_FILES * SMALL_FILE_ROWS, 1, 4).toDF("id")
                .withColumn("h", sha2(col("id").cast("string"), 256))
                .repartition(SMALL_FILES).write().csv(out);
        Row r = spark.read().csv(out).agg(sum(length(col("_c1")))).first();
        return r.getLong(0);
    }

    /**
     * Work of {@link #ONE_PARTITION_ROWS} rows at 20 µs each after a {@code repartition(1)}, as
     * someone does to get one output file: one task does it while the other slots wait.
     */
    static long onePartition(SparkSession spark) {
        spark.sparkContext().setJobDescription("score addresses");
        return spark.range(0, ONE_PARTITION_ROWS, 1, 4).repartition(1).as(Encoders.LONG())
                .mapPartitions(new SparkWorkloads.CostPerRow(20), Encoders.LONG())
                .collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    /** {@link #TINY_TASKS} tasks of one number each: scheduling them costs more than running them. */
    static long tinyTasks(SparkSession spark) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<Integer> numbers = IntStream.range(0, TINY_TASKS).boxed().toList();
        return jsc.parallelize(numbers, TINY_TASKS).map(x -> x + 1).count();
    }

    /**
     * Collects {@link #COLLECT_MB} MB of random bytes to the driver (1 MB per row, 4 tasks),
     * as {@code df.collect()} of a large table does. Returns the bytes received.
     */
    static long largeCollect(SparkSession spark) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<Integer> rows = IntStream.range(0, COLLECT_MB).boxed().toList();
        List<byte[]> got = jsc.parallelize(rows, 4).map(i -> {
            byte[] b = new byte[1 << 20];
            new Random(i).nextBytes(b);   // random: nothing on the way can compress it
            return b;
        }).collect();
        return got.stream().mapToLong(b -> b.length).sum();
    }

    /** Counts each group's rows, sleeping {@code microsPerRow} per row (in 1,000-row steps). */
    static final class CountWithCost implements FlatMapGroupsFunction<Long, Long, Long> {
        private static final long serialVersionUID = 1L;
        private final int microsPerRow;
        /** Rows seen by this task; each task deserializes its own copy of the function. */
        private long seen;

        CountWithCost(int microsPerRow) {
            this.microsPerRow = microsPerRow;
        }

        @Override
        public Iterator<Long> call(Long key, Iterator<Long> rows) throws InterruptedException {
            long n = 0;
            while (rows.hasNext()) {
                rows.next();
                n++;
                if (++seen % 1_000 == 0) {
                    Thread.sleep(microsPerRow);   // 1,000 rows × µs = ms
                }
            }
            return List.of(n).iterator();
        }
    }

    /** Counts a partition's rows after {@code baseMs}; partition {@code slowPartition} also sleeps {@code slowMs}. */
    static final class SleepyPartition implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final int slowPartition;
        private final long slowMs;
        private final long baseMs;

        SleepyPartition(int slowPartition, long slowMs, long baseMs) {
            this.slowPartition = slowPartition;
            this.slowMs = slowMs;
            this.baseMs = baseMs;
        }

        @Override
        public Iterator<Long> call(Iterator<Long> rows) throws InterruptedException {
            long n = 0;
            while (rows.hasNext()) {
                rows.next();
                n++;
            }
            Thread.sleep(TaskContext.getPartitionId() == slowPartition ? baseMs + slowMs : baseMs);
            return List.of(n).iterator();
        }
    }
}
