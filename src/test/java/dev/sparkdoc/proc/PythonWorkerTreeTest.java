package dev.sparkdoc.proc;

import dev.sparkdoc.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.testing.ForkedProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A real process tree with PySpark's shape: an "executor" (bash whose command line carries
 * CoarseGrainedExecutorBackend's arguments) → {@code python3 -m pyspark.daemon} (a fake in
 * test resources) → workers that each allocate and touch {@value #WORKER_MB} MiB.
 */
@ForkedProcess
@EnabledOnOs(value = OS.LINUX, disabledReason = "reads /proc (the ps fallback has 1 s CPU-time resolution and no sockets)")
class PythonWorkerTreeTest {

    private static final int WORKERS = 3;
    private static final int WORKER_MB = 80;
    private static final long MIB = 1024 * 1024;

    private final Children children = new Children();

    @AfterEach
    void killEverything() {
        children.close();
    }

    private Process startExecutor() throws InterruptedException {
        Process executor = children.bash("python3 -m pyspark.daemon & wait",
                Map.of("PYTHONPATH", Children.PYFAKE.toString(), "FAKE_WORKERS", Integer.toString(WORKERS),
                        "FAKE_WORKER_MB", Integer.toString(WORKER_MB)),
                "java", "-cp", "/opt/spark/conf/:/opt/spark/jars/*", "-Xmx1g",
                "org.apache.spark.executor.CoarseGrainedExecutorBackend",
                "--driver-url", "spark://CoarseGrainedScheduler@127.0.0.1:1", "--executor-id", "7",
                "--hostname", "127.0.0.1", "--cores", "2", "--app-id", "app-test-0001", "--resourceProfileId", "0");
        List<String> ready = Children.readLines(executor, WORKERS, Duration.ofSeconds(60));
        assertThat(ready).allSatisfy(l -> assertThat(l).startsWith("ready "));
        return executor;
    }

    @Test
    void workersAreLinkedToTheirDaemonExecutorAndAppAndTheirRssIsWhatTheyAllocated() throws Exception {
        long executorPid = startExecutor().pid();
        long t0 = System.nanoTime();
        ProcessSampler sampler = ProcessSampler.forThisMachine();
        ProcessSample first = sampler.sample();
        long sampleMs = (System.nanoTime() - t0) / 1_000_000;
        ProcessTable table = SparkProcesses.classify(first, sampler.sample(), DriverHints.NONE, false);
        System.err.printf("ps: one sample of %d processes took %d ms%n", first.processes().size(), sampleMs);

        SparkProcess executor = table.find(executorPid).orElseThrow();
        assertThat(executor.role()).isEqualTo(SparkRole.EXECUTOR);
        assertThat(executor.executorId()).contains("7");
        assertThat(executor.appId()).contains("app-test-0001");

        List<SparkProcess> daemons = table.childrenOf(executorPid);
        assertThat(daemons).singleElement().satisfies(d -> {
            assertThat(d.role()).isEqualTo(SparkRole.PYTHON_DAEMON);
            assertThat(d.jvmPid()).hasValue(executorPid);
        });
        long daemonPid = daemons.get(0).pid();
        List<SparkProcess> workers = table.withRole(SparkRole.PYTHON_WORKER).stream()
                .filter(w -> w.daemonPid().orElse(-1) == daemonPid).toList();
        assertThat(workers).hasSize(WORKERS).allSatisfy(w -> {
            assertThat(w.process().command()).isEqualTo(daemons.get(0).process().command());
            assertThat(w.jvmPid()).hasValue(executorPid);
            assertThat(w.appId()).contains("app-test-0001");
            assertThat(w.executorId()).contains("7");
            assertThat((double) w.process().rssOrZero()).isCloseTo(WORKER_MB * MIB, within(0.2 * WORKER_MB * MIB));
        });
        workers.forEach(w -> System.err.printf("ps: worker %d RSS %.1f MiB for %d MiB allocated%n",
                w.pid(), w.process().rssOrZero() / (double) MIB, WORKER_MB));

        ProcessGroups.JvmGroup group = ProcessGroups.of(table).applications().stream()
                .filter(a -> a.appId().equals(java.util.Optional.of("app-test-0001"))).findFirst().orElseThrow().jvms().get(0);
        long python = group.totalRssBytes() - executor.process().rssOrZero();
        assertThat((double) python).isCloseTo(WORKERS * WORKER_MB * MIB, within(0.2 * WORKERS * WORKER_MB * MIB));
    }

    @Test
    void psJsonShowsTheTreeUnderItsApplicationAndExecutor() throws Exception {
        long executorPid = startExecutor().pid();
        CliRun run = CliRun.of("ps", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode root = Json.mapper().readTree(run.out());
        JsonNode jvm = null;
        for (JsonNode app : root.get("applications")) {
            for (JsonNode j : app.get("jvms")) {
                if (j.get("pid").asLong() == executorPid) {
                    assertThat(app.get("appId").asText()).isEqualTo("app-test-0001");
                    jvm = j;
                }
            }
        }
        assertThat(jvm).as("executor %d in %s", executorPid, run.out()).isNotNull();
        assertThat(jvm.get("role").asText()).isEqualTo("executor");
        assertThat(jvm.get("executorId").asText()).isEqualTo("7");
        assertThat(jvm.get("cores").asInt()).isEqualTo(2);
        JsonNode daemon = jvm.get("daemons").get(0);
        assertThat(daemon.get("role").asText()).isEqualTo("python-daemon");
        assertThat(daemon.get("workers")).hasSize(WORKERS);
        assertThat(daemon.get("workers").get(0).get("daemonPid").asLong()).isEqualTo(daemon.get("pid").asLong());
        assertThat(jvm.get("totalRssBytes").asLong()).isGreaterThan((long) (0.8 * WORKERS * WORKER_MB * MIB));

        CliRun text = CliRun.of("ps");
        assertThat(text.out()).contains("application app-test-0001", "executor 7", "pyspark.daemon", "python worker",
                "executor 7 total:");
    }
}
