package dev.sparkdoc.cli;

import static org.apache.spark.sql.functions.callUDF;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.spark.LocalSpark;
import dev.sparkdoc.testing.ForkedProcess;
import dev.sparkdoc.testing.RealSpark;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * {@code sparkdoc logs --follow} as a real process against a real {@code local-cluster} executor:
 * what the executor prints after sparkdoc started arrives marked with its executor and log.
 */
@ForkedProcess
@RealSpark
class LogsFollowTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @Test
    void linesPrintedAfterTheStartArriveMarkedWithTheirExecutor() throws Exception {
        try (LocalSpark spark = LocalSpark.builder().master("local-cluster[1,1,1024]").realExecutors().appName("follow logs").start()) {
            spark.session().udf().register("shout", (UDF1<Long, Long>) id -> {
                System.out.println("batch line " + id);
                return id;
            }, DataTypes.LongType);
            assertThat(spark.session().range(0, 2, 1, 1).select(callUDF("shout", col("id"))).collectAsList()).hasSize(2);

            try (CliProcess p = CliProcess.start(ProcessBuilder.Redirect.PIPE, "logs", spark.uiUrl().toString(), "--type", "stdout", "--follow")) {
                BlockingQueue<String> lines = new LinkedBlockingQueue<>();
                Thread reader = new Thread(() -> {
                    try (BufferedReader in = new BufferedReader(new InputStreamReader(p.process().getInputStream(), StandardCharsets.UTF_8))) {
                        in.lines().forEach(lines::add);
                    } catch (java.io.IOException | java.io.UncheckedIOException ignored) {
                        // the process was stopped
                    }
                });
                reader.setDaemon(true);
                reader.start();
                assertThat(await(lines, "  batch line 1")).isTrue();

                spark.session().range(100, 102, 1, 1).select(callUDF("shout", col("id"))).collectAsList();

                assertThat(await(lines, "[executor 0 stdout] batch line 101")).as("the followed line").isTrue();
                assertThat(p.process().isAlive()).isTrue();
            }
        }
    }

    private static boolean await(BlockingQueue<String> lines, String wanted) throws InterruptedException {
        long end = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < end) {
            String line = lines.poll(1, TimeUnit.SECONDS);
            if (line != null && line.equals(wanted)) {
                return true;
            }
        }
        return false;
    }
}
