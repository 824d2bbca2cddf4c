package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.testing.RealSpark;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark 4.0.1 driver, forked with a 512 MiB heap and -XX:+ExitOnOutOfMemoryError, collects
 * about 2 GB of strings and dies: its event log is cut off and its stderr holds one line,
 * "Terminating due to java.lang.OutOfMemoryError: Java heap space". triage with that driver log
 * names the driver's OutOfMemoryError first, critical; the event log alone, read later, names the
 * crash and the collect it was running.
 */
@RealSpark
class DriverOutOfMemoryScenarioTest {

    /** Rows × bytes per row: four times the heap, so the collect fails on any machine. */
    static final long ROWS = 2_000_000;
    static final int ROW_BYTES = 1000;

    @TempDir
    Path tmp;

    /** The forked driver: collects far more than its heap holds. */
    public static final class CollectTooMuch {
        public static void main(String[] args) {
            SparkSession spark = SparkSession.builder().master("local[1]").appName("collect-too-much")
                    .config("spark.eventLog.enabled", "true")
                    .config("spark.eventLog.dir", Path.of(args[0]).toUri().toString())
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.ui.showConsoleProgress", "false")
                    .config("spark.driver.memory", "512m")          // what the JVM has: recorded for sparkdoc
                    .config("spark.driver.maxResultSize", "0")      // no guard: the heap fills first
                    .config("spark.testing.memory", "536870912")    // Spark refuses heaps under 450 MiB otherwise
                    .getOrCreate();
            spark.sparkContext().setJobDescription("collect-too-much");
            long n = spark.range(0, ROWS, 1, 8).selectExpr("repeat('x', " + ROW_BYTES + ") AS s").collectAsList().size();
            System.out.println("collected " + n + " rows: the heap was large enough after all");
            spark.stop();
        }
    }

    @Test
    void theDriverLogAndTheCutOffEventLogNameTheDriverOutOfMemoryFirst() throws Exception {
        Path events = Files.createDirectories(tmp.resolve("events"));
        Path driverLog = tmp.resolve("driver.log");
        Process driver = fork(events, driverLog);
        assertThat(driver.waitFor(5, TimeUnit.MINUTES)).as("the driver ends").isTrue();
        String logText = Files.readString(driverLog);
        assertThat(driver.exitValue()).as(logText).isNotZero();
        assertThat(logText).contains("Terminating due to java.lang.OutOfMemoryError");
        Path eventLog = onlyEntry(events);

        // read as of the log's last write, then an hour later: the clocks the test fixes, not the machine's
        Instant written = lastWrite(eventLog);
        CliRun withLog = CliRun.at(Clock.fixed(written, ZoneOffset.UTC), "triage", eventLog.toString(), "--driver-log", driverLog.toString());
        String folded = withLog.out().replaceAll("\\s+", " ");
        System.out.println(withLog.out());
        assertThat(withLog.exitCode()).as(withLog.out() + withLog.err()).isEqualTo(1);
        assertThat(folded.substring(folded.indexOf("1. ")))
                .startsWith("1. CRITICAL The driver")
                .contains("OutOfMemoryError");

        // read an hour later, without the driver log: the log's silence says the driver is dead
        CliRun alone = CliRun.at(Clock.fixed(written.plus(Duration.ofHours(1)), ZoneOffset.UTC),
                "triage", eventLog.toString(), "--fail-on", "warning");
        String foldedAlone = alone.out().replaceAll("\\s+", " ");
        System.out.println(alone.out());
        assertThat(alone.exitCode()).as(alone.out() + alone.err()).isEqualTo(1);
        assertThat(foldedAlone.substring(foldedAlone.indexOf("1. "))).containsPattern(
                "^1\\. (WARNING|CRITICAL) The driver died while running (job|SQL) \\d+ 'collect-too-much'");
        assertThat(foldedAlone).doesNotContain(" · running · ");
    }

    private static Process fork(Path events, Path driverLog) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+ExitOnOutOfMemoryError"));
        // the --add-opens Spark needs on Java 17, as this test JVM has them (Surefire's argLine)
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty"))
                .forEach(cmd::add);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), CollectTooMuch.class.getName(), events.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(driverLog.toFile());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        return pb.start();
    }

    private static Path onlyEntry(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> entries = s.toList();
            assertThat(entries).hasSize(1);
            return entries.get(0);
        }
    }

    private static Instant lastWrite(Path eventLog) throws IOException {
        try (Stream<Path> s = Files.walk(eventLog)) {
            Instant last = Instant.EPOCH;
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Instant t = Files.getLastModifiedTime(p).toInstant();
                last = t.isAfter(last) ? t : last;
            }
            return last;
        }
    }
}
