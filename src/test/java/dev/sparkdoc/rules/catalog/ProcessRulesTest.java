package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.RULES;
import static dev.sparkdoc.rules.catalog.CatalogAssert.assertFilled;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.LocalDisk;
import dev.sparkdoc.proc.ProcessInfo;
import dev.sparkdoc.proc.ProcessSample;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.proc.SparkProcesses;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleEngine;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.AppContext;
import dev.sparkdoc.signals.ProcessSignals;
import dev.sparkdoc.signals.SignalSet;
import dev.sparkdoc.testing.Snapshots;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Rules over local processes (sparkdoc ps): Python workers, the driver process, orphans, local disk. */
class ProcessRulesTest {

    private static final String WORKER_SHARE = "python.worker-over-share";
    private static final String IN_OVERHEAD = "python.memory-in-overhead";
    private static final String DRIVER_RSS = "driver-memory.process-rss";
    private static final String ORPHANS = "python.orphaned-daemons";
    private static final String LOCAL_DIR = "disk.local-dir-full";

    private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");
    private static final String DAEMON = "python3 -m pyspark.daemon";
    private static final String EXECUTOR = "java -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend "
            + "--executor-id 1 --cores 2 --app-id app-test --driver-url spark://CoarseGrainedScheduler@h:1";
    private static final String DRIVER = "java -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit job.py";

    private final List<ProcessInfo> procs = new ArrayList<>();
    private Map<Long, String> driverApps = Map.of();
    private Optional<LocalDisk> disk = Optional.empty();

    private void proc(long pid, long ppid, String cmd, long rssMib) {
        procs.add(new ProcessInfo(pid, ppid, "u", "S", Optional.of(T), 1, rssMib * MIB, 0, List.of(cmd.split(" "))));
    }

    private void executorWithWorkers(long... workerMib) {
        proc(10, 1, EXECUTOR, 2000);
        proc(11, 10, DAEMON, 30);
        for (int i = 0; i < workerMib.length; i++) {
            proc(12 + i, 11, DAEMON, workerMib[i]);
        }
    }

    private List<Finding> findings(Snapshots app) {
        ProcessSample s = new ProcessSample(T, 0, procs);
        ProcessTable table = SparkProcesses.classify(s, new ProcessSample(T, 500_000_000L, procs),
                new DriverHints(driverApps, Map.of()), false);
        AppContext ctx = AppContext.of(app.build());
        ScopeFacts appFacts = new FactSink(ctx.appScope()).build(Optional.empty());
        List<ScopeFacts> scopes = ProcessSignals.compute(ctx, table, appFacts, p -> disk);
        return RuleEngine.evaluate(RULES, new SignalSet(appFacts, scopes));
    }

    private static Finding only(List<Finding> findings, String rule) {
        List<Finding> mine = findings.stream().filter(f -> f.rule().equals(rule)).toList();
        assertThat(mine).as("%s in %s", rule, findings).hasSize(1);
        assertFilled(mine.get(0));
        return mine.get(0);
    }

    private static void none(List<Finding> findings, String rule) {
        assertThat(findings).noneMatch(f -> f.rule().equals(rule));
    }

    @Test
    void workerAboveItsShareOfPysparkMemoryIsCritical() {
        executorWithWorkers(600, 100);
        Finding f = only(findings(Snapshots.app().conf("spark.executor.pyspark.memory", "1g")), WORKER_SHARE);
        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.scope().name()).isEqualTo("executor 1 (pid 10)");
        assertThat(conf(f, "spark.executor.pyspark.memory")).isEqualTo("1500m");
    }

    @Test
    void workerAtHalfItsShareIsQuiet() {
        executorWithWorkers(250, 100);
        none(findings(Snapshots.app().conf("spark.executor.pyspark.memory", "1g")), WORKER_SHARE);
    }

    @Test
    void pythonFillingTheOverheadWithoutItsOwnBudgetIsAWarning() {
        executorWithWorkers(400, 400);
        Finding f = only(findings(Snapshots.app().conf("spark.executor.memoryOverhead", "1g")), IN_OVERHEAD);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void smallPythonWorkersInABigOverheadAreQuiet() {
        executorWithWorkers(100, 100);
        none(findings(Snapshots.app().conf("spark.executor.memoryOverhead", "1g")), IN_OVERHEAD);
    }

    @Test
    void driverProcessNearDriverMemoryPlusOverheadIsAWarning() {
        proc(20, 1, DRIVER, 2300);
        driverApps = Map.of(20L, "app-test");
        Finding f = only(findings(Snapshots.app()), DRIVER_RSS);
        assertThat(f.title()).contains("pid 20");
    }

    @Test
    void aLocalModeDriverHasNoContainerToOutgrow() {
        // local mode: nothing kills the driver at spark.driver.memory + overhead
        proc(20, 1, DRIVER, 2300);
        driverApps = Map.of(20L, "app-test");
        none(findings(Snapshots.app().conf("spark.master", "local[4]")), DRIVER_RSS);
    }

    @Test
    void aDriversOwnXmxIsItsHeapNotSparksDefault() {
        // started with java -Xmx4g: 2.3 GiB is well under 4 GiB + overhead
        proc(20, 1, "java -Xmx4g -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit job.py", 2300);
        driverApps = Map.of(20L, "app-test");
        none(findings(Snapshots.app()), DRIVER_RSS);
    }

    @Test
    void driverProcessAtHalfItsLimitIsQuiet() {
        proc(20, 1, DRIVER, 1200);
        driverApps = Map.of(20L, "app-test");
        none(findings(Snapshots.app()), DRIVER_RSS);
    }

    @Test
    void daemonWithoutExecutorIsAnOrphan() {
        proc(30, 1, DAEMON, 40);
        proc(31, 30, DAEMON, 100);
        Finding f = only(findings(Snapshots.app()), ORPHANS);
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.remedies().get(0).code()).hasValue("pkill -P 30; kill 30");
    }

    @Test
    void daemonUnderALiveExecutorIsNoOrphan() {
        executorWithWorkers(100);
        none(findings(Snapshots.app()), ORPHANS);
    }

    @Test
    void localDirWithFivePercentFreeIsAWarning() {
        proc(20, 1, DRIVER, 500);
        driverApps = Map.of(20L, "app-test");
        disk = Optional.of(new LocalDisk(java.nio.file.Path.of("/tmp"), 5 * MIB, 100 * MIB));
        Finding f = only(findings(Snapshots.app()), LOCAL_DIR);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void localDirWithAThirdFreeIsQuiet() {
        proc(20, 1, DRIVER, 500);
        driverApps = Map.of(20L, "app-test");
        disk = Optional.of(new LocalDisk(java.nio.file.Path.of("/tmp"), 33 * MIB, 100 * MIB));
        none(findings(Snapshots.app()), LOCAL_DIR);
    }
}
