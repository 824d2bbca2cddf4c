package dev.sparkdoc.proc;

import dev.sparkdoc.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.spark.LocalSpark;
import dev.sparkdoc.testing.RealSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A real local Spark 4 in this test JVM. Its command line is Surefire's, nothing Spark-like: the
 * driver is found by the socket listening on its UI port, as {@code ss -lntp} would.
 */
@RealSpark
@EnabledOnOs(value = OS.LINUX, disabledReason = "reads /proc (the ps fallback has 1 s CPU-time resolution and no sockets)")
class PsRealSparkTest {

    @Test
    void psAttachedToTheUiPortFindsThisJvmAsTheDriverWithTheAppId() throws Exception {
        try (LocalSpark spark = LocalSpark.builder().appName("ps-driver").start()) {
            spark.session().range(1000).count();
            int port = spark.uiUrl().getPort();
            long self = ProcessHandle.current().pid();
            assertThat(DriverFinder.byListeningPort(port)).hasValue(self);
            // without a target, a driver's app id comes from its own UI, found among its listening ports
            long t0 = System.nanoTime();
            assertThat(DriverUiProbe.appIds(java.util.List.of(self), DriverFinder.listeningPorts()))
                    .containsEntry(self, spark.appId());
            System.err.printf("ps: UI probe of the driver's listening ports took %d ms%n", (System.nanoTime() - t0) / 1_000_000);

            CliRun run = CliRun.of("ps", "--json", "127.0.0.1:" + port);
            assertThat(run.exitCode()).as(run.err()).isZero();
            JsonNode root = Json.mapper().readTree(run.out());
            JsonNode driver = null;
            for (JsonNode app : root.get("applications")) {
                for (JsonNode jvm : app.get("jvms")) {
                    if (jvm.get("pid").asLong() == self) {
                        driver = jvm;
                    }
                }
            }
            assertThat(driver).as("this JVM in %s", run.out()).isNotNull();
            assertThat(driver.get("role").asText()).isEqualTo("driver");
            assertThat(driver.get("appId").asText()).isEqualTo(spark.appId());
            assertThat(driver.get("rssBytes").asLong()).isPositive();
            assertThat(driver.get("threads").asInt()).isGreaterThan(10);

            JsonNode sparkView = root.get("spark");
            assertThat(sparkView.get("appId").asText()).isEqualTo(spark.appId());
            assertThat(sparkView.get("executors")).extracting(e -> e.get("executorId").asText()).contains("driver");
            // process-tree metrics are off by default: the output says how to switch them on
            assertThat(sparkView.get("processTreeMetricsEnabled").asBoolean()).isFalse();
            assertThat(sparkView.get("hint").asText()).contains("spark.executor.processTreeMetrics.enabled=true");

            CliRun text = CliRun.of("ps", "127.0.0.1:" + port);
            assertThat(text.out()).contains("application " + spark.appId(), Long.toString(self),
                    "Spark's view of " + spark.appId(), "spark.executor.processTreeMetrics.enabled=true");
        }
    }
}
