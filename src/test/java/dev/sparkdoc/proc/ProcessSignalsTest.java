package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.signals.AppContext;
import dev.sparkdoc.signals.ProcessSignals;
import dev.sparkdoc.testing.Snapshots;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProcessSignalsTest {

    private static final long MIB = 1024 * 1024;
    private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");
    private static final String DAEMON = "python3 -m pyspark.daemon";
    private static final String EXECUTOR = "java -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend "
            + "--executor-id 1 --cores 2 --app-id app-test --driver-url spark://CoarseGrainedScheduler@h:1";

    private final List<ProcessInfo> procs = new ArrayList<>();

    private void proc(long pid, long ppid, String cmd, long rssMib) {
        procs.add(new ProcessInfo(pid, ppid, "u", "S", Optional.of(T), 1, rssMib * MIB, 0, List.of(cmd.split(" "))));
    }

    private List<ScopeFacts> facts(Snapshots app, Optional<LocalDisk> disk) {
        ProcessSample s = new ProcessSample(T, 0, procs);
        ProcessTable table = SparkProcesses.classify(s, new ProcessSample(T, 500_000_000L, procs), DriverHints.NONE, false);
        AppContext ctx = AppContext.of(app.build());
        return ProcessSignals.compute(ctx, table, new FactSink(ctx.appScope()).build(Optional.empty()), p -> disk);
    }

    private void executorWithWorkers(long... workerMib) {
        proc(10, 1, EXECUTOR, 2000);
        proc(11, 10, DAEMON, 30);
        for (int i = 0; i < workerMib.length; i++) {
            proc(12 + i, 11, DAEMON, workerMib[i]);
        }
    }

    @Test
    void pythonWorkerRssIsMeasuredAgainstItsShareOfPysparkMemory() {
        executorWithWorkers(900, 300);
        ScopeFacts f = facts(Snapshots.app().conf("spark.executor.pyspark.memory", "1g"), Optional.empty()).get(0);
        assertThat(f.scope().kind()).isEqualTo(ScopeKind.PROCESS);
        assertThat(f.scope().name()).isEqualTo("executor 1 (pid 10)");
        assertThat(f.value("process.python.workers")).hasValue(2);
        assertThat(f.value("process.python.worker.rss.max")).hasValue(900.0 * MIB);
        // 1 GiB over --cores 2 = 512 MiB per worker
        assertThat(f.value("process.python.worker.limit")).hasValue(512.0 * MIB);
        assertThat(f.value("process.python.worker.fractionOfLimit").getAsDouble()).isCloseTo(900 / 512.0, within(1e-9));
        assertThat(f.value("process.python.fractionOfOverhead")).isEmpty();
        // 900 MiB × 2 cores × 1.25
        assertThat(f.value("process.python.memory.suggested")).hasValue(2250.0 * MIB);
        // 4g heap + max(384m, 410m) overhead + 1g pyspark memory
        assertThat(f.value("process.memoryLimit")).hasValue((double) (4096 * MIB + 4096 * MIB / 10 + 1024 * MIB));
        assertThat(f.value("process.rss.total")).hasValue((2000 + 30 + 900 + 300) * MIB);
    }

    @Test
    void withoutPysparkMemoryPythonIsMeasuredAgainstTheOverhead() {
        executorWithWorkers(500);
        ScopeFacts f = facts(Snapshots.app().conf("spark.executor.memoryOverhead", "1g"), Optional.empty()).get(0);
        assertThat(f.value("process.python.fractionOfOverhead").getAsDouble()).isCloseTo(530 / 1024.0, within(1e-9));
        assertThat(f.value("process.python.worker.limit")).isEmpty();
    }

    @Test
    void theDriverIsMeasuredAgainstDriverMemoryPlusOverheadAndTheLocalDisk() {
        proc(20, 1, "java -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit app.py", 2200);
        Map<Long, String> apps = Map.of(20L, "app-test");
        ProcessSample s = new ProcessSample(T, 0, procs);
        ProcessTable table = SparkProcesses.classify(s, s, new DriverHints(apps, Map.of()), false);
        AppContext ctx = AppContext.of(Snapshots.app().build());
        List<ScopeFacts> out = ProcessSignals.compute(ctx, table, new FactSink(ctx.appScope()).build(Optional.empty()),
                p -> Optional.of(new LocalDisk(p, 5 * MIB, 100 * MIB)));
        ScopeFacts f = out.get(0);
        assertThat(f.value("process.isDriver")).hasValue(1);
        // 2g driver memory + 384 MiB minimum overhead
        assertThat(f.value("process.memoryLimit")).hasValue((2048 + 384) * (double) MIB);
        assertThat(f.value("process.rss.fractionOfLimit").getAsDouble()).isCloseTo(2200 / 2432.0, within(1e-9));
        assertThat(f.value("process.localDir.free")).hasValue(5.0 * MIB);
        assertThat(f.value("process.localDir.freeFraction")).hasValue(0.05);
        assertThat(f.text("process.localDir.path")).contains(Path.of(System.getProperty("java.io.tmpdir")).toString());
    }

    @Test
    void orphanedDaemonsGetAScopeEachWithTheMachineWideCount() {
        proc(30, 1, DAEMON, 40);
        proc(31, 30, DAEMON, 100);
        proc(40, 1, DAEMON, 40);
        List<ScopeFacts> out = facts(Snapshots.app(), Optional.empty());
        assertThat(out).hasSize(2).allSatisfy(f -> {
            assertThat(f.value("process.daemon.orphaned")).hasValue(1);
            assertThat(f.value("process.daemon.orphans")).hasValue(2);
            assertThat(f.value("process.daemon.orphanRss")).hasValue(180.0 * MIB);
        });
    }

    @Test
    void processesOfOtherApplicationsAreNotThisAppsFacts() {
        proc(50, 1, EXECUTOR.replace("app-test", "app-other"), 1000);
        assertThat(facts(Snapshots.app(), Optional.empty())).isEmpty();
    }

    @Test
    void everyFactIsAProcessScopeFact() {
        assertThat(ProcessSignals.FACTS).allSatisfy(d -> assertThat(d.name()).startsWith("process."))
                .extracting(d -> d.scope()).containsOnly(ScopeKind.PROCESS);
    }
}
