package dev.sparkdoc.bench;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * A real Spark application for {@link RealSparkPolling}, in a JVM of its own: {@code local[2]}
 * with its UI on the given port, {@code jobs} finished jobs of two stages each, then one stage
 * kept running (tasks that sleep) until its standard input closes.
 */
public final class SparkApp {

    private SparkApp() {
    }

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        int jobs = Integer.parseInt(args[1]);
        SparkSession spark = SparkSession.builder().master("local[2]").appName("sparkdoc bench: " + jobs + " jobs")
                .config("spark.ui.port", port)
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.ui.showConsoleProgress", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
        for (int i = 0; i < jobs; i++) {
            spark.range(0, 20_000, 1, 4).groupBy(col("id").mod(7)).count().collect();
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Thread running = new Thread(() -> jsc.parallelize(IntStream.range(0, 8).boxed().toList(), 8).foreach(x -> Thread.sleep(600_000)));
        running.setDaemon(true);
        running.start();
        while (spark.sparkContext().statusTracker().getActiveStageIds().length == 0) {
            sleep(50);
        }
        sleep(1_000);
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the bench closes our standard input
        }
        System.exit(0);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static final List<String> JVM_OPTIONS = List.of("-Xmx1g", "-XX:+UseSerialGC",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "-Djdk.reflect.useDirectMethodHandle=false");
}
