package dev.sparkdoc.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;

/**
 * The application {@code scripts/demo} runs: a real local Spark that loops over jobs with real
 * problems (a skewed join, a straggling stage, a sort-merge join with a tiny side, a task that
 * fails once and is retried) until stopped or {@code --duration} runs out. {@code local[2,4]}
 * retries failed tasks (plain {@code local[2]} would fail the job at the first task failure).
 *
 * <p>The first job is the skewed join, made short and plain (95 % of the rows on one key, the hot
 * task 5.3 s of sleep and about a second of work, the others almost empty), so a newcomer sees a warning within seconds
 * of the first screen, even on a loaded machine: the hot task is far past the skew rule's gates
 * (5 s, 5× the median, a 3 s tail) and the median stays small. The application writes an event
 * log, as we recommend, so the view is not headed by "the event log is off".
 *
 * <p>Usage: {@code DemoApp --port PORT [--duration SECONDS] [--event-log-dir DIR]} (without a
 * folder, a new temporary one); prints
 * {@code sparkdoc-demo: ready …} once the UI answers and {@code sparkdoc-demo: round N done} after each loop.
 */
public final class DemoApp {

    private DemoApp() {
    }

    /** Per joined row: 190,000 rows on the hot key make 5.3 s of sleep in the hot task, past the 5 s gate. */
    static final int SKEW_MICROS_PER_ROW = 28;
    /** 1/20 of the rows spread over the keys, the rest (95 %) on key 0. */
    static final int SKEW_HOT_SHARE_DENOMINATOR = 20;

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(arg(args, "--port", "4050"));
        long seconds = Long.parseLong(arg(args, "--duration", "0"));
        long deadline = seconds > 0 ? System.nanoTime() + Duration.ofSeconds(seconds).toNanos() : Long.MAX_VALUE;
        SparkSession spark = SparkSession.builder().master("local[2,4]").appName("sparkdoc demo")
                .config("spark.ui.port", Integer.toString(port))
                .config("spark.port.maxRetries", "0")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.ui.showConsoleProgress", "false")
                .config("spark.sql.shuffle.partitions", "8")
                .config("spark.eventLog.enabled", "true")
                .config("spark.eventLog.dir", eventLogDir(args).toUri().toString())
                .getOrCreate();
        Runtime.getRuntime().addShutdownHook(new Thread(spark::stop, "demo-stop"));
        System.out.println("sparkdoc-demo: ready at " + spark.sparkContext().uiWebUrl().get() + " (" + spark.sparkContext().applicationId() + ")");
        System.out.flush();
        for (int round = 1; System.nanoTime() < deadline; round++) {
            spark.sparkContext().setJobDescription("skewed join (round " + round + ")");
            SparkWorkloads.skewedJoin(spark, SKEW_MICROS_PER_ROW, SKEW_HOT_SHARE_DENOMINATOR);
            spark.sparkContext().setJobDescription("straggling stage (round " + round + ")");
            spark.range(0, 8, 1, 8).as(Encoders.LONG()).mapPartitions(new Straggler(), Encoders.LONG()).count();
            spark.sparkContext().setJobDescription("sort-merge join with a tiny side (round " + round + ")");
            tinySideJoin(spark);
            spark.sparkContext().setJobDescription("a task that fails once (round " + round + ")");
            spark.range(0, 4_000, 1, 4).as(Encoders.LONG()).mapPartitions(new FailsOnce(), Encoders.LONG()).count();
            System.out.println("sparkdoc-demo: round " + round + " done");
            System.out.flush();
        }
        spark.stop();
    }

    private static void tinySideJoin(SparkSession spark) {
        String key = "spark.sql.autoBroadcastJoinThreshold";
        String before = spark.conf().get(key);
        spark.conf().set(key, "-1");
        try {
            var big = spark.range(0, 400_000, 1, 4).toDF("id").withColumn("key", col("id").mod(50));
            var tiny = spark.range(0, 50, 1, 1).toDF("key").withColumn("label", when(col("key").lt(10), lit("a")).otherwise(lit("b")));
            big.join(tiny, "key").count();
        } finally {
            spark.conf().set(key, before);
        }
    }

    private static Path eventLogDir(String[] args) throws IOException {
        String given = arg(args, "--event-log-dir", "");
        Path dir = given.isEmpty() ? Files.createTempDirectory("sparkdoc-demo-events") : Path.of(given);
        return Files.createDirectories(dir).toAbsolutePath();
    }

    private static String arg(String[] args, String name, String fallback) {
        List<String> list = List.of(args);
        int i = list.indexOf(name);
        return i >= 0 && i + 1 < list.size() ? list.get(i + 1) : fallback;
    }

    /** One partition of eight takes 4 s, the others 200 ms: a straggler without data skew. */
    static final class Straggler implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Long> call(Iterator<Long> rows) throws InterruptedException {
            Thread.sleep(TaskContext.getPartitionId() == 5 ? 4_000 : 200);
            return rows;
        }
    }

    /** Partition 2 fails on its first attempt; Spark retries it (local[2,4]). */
    static final class FailsOnce implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Long> call(Iterator<Long> rows) {
            TaskContext task = TaskContext.get();
            if (task.partitionId() == 2 && task.attemptNumber() == 0) {
                throw new IllegalStateException("demo: a flaky input split (fails once, succeeds on retry)");
            }
            return rows;
        }
    }
}
