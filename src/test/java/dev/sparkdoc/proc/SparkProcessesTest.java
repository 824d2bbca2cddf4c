package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Roles from the tree and links between processes, on a hand-made machine with every shape. */
class SparkProcessesTest {

    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
    private static final long MB = 1024 * 1024;
    private static final String DAEMON = "/usr/bin/python3 -m pyspark.daemon";

    private final List<ProcessInfo> before = new ArrayList<>();
    private final List<ProcessInfo> after = new ArrayList<>();

    private void proc(long pid, long ppid, String cmd, long rssMb, long cpuBeforeMs, long cpuAfterMs) {
        before.add(info(pid, ppid, cmd, rssMb, cpuBeforeMs, T0));
        after.add(info(pid, ppid, cmd, rssMb, cpuAfterMs, T0));
    }

    private static ProcessInfo info(long pid, long ppid, String cmd, long rssMb, long cpuMs, Instant start) {
        return new ProcessInfo(pid, ppid, "spark", "S", Optional.of(start), 4, rssMb * MB, cpuMs, List.of(cmd.split(" ")));
    }

    private ProcessTable machine(boolean related) {
        proc(100, 1, "/opt/conda/bin/python -m ipykernel_launcher -f kernel.json", 90, 0, 0);
        proc(101, 100, "/usr/bin/java -cp /opt/spark/jars/* -Xmx2g org.apache.spark.deploy.SparkSubmit --conf spark.master=local[2] pyspark-shell", 600, 1000, 1250);
        proc(102, 101, DAEMON, 20, 0, 0);
        proc(103, 102, DAEMON, 300, 100, 600);
        before.add(info(104, 102, DAEMON, 10, 5000, T0.minusSeconds(60)));  // an earlier process with the same pid
        after.add(info(104, 102, DAEMON, 200, 10, T0));
        proc(200, 50, "java -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend --driver-url "
                + "spark://CoarseGrainedScheduler@127.0.0.1:40000 --executor-id 1 --hostname 127.0.0.1 --cores 2 --app-id app-1", 700, 0, 0);
        proc(201, 200, DAEMON, 20, 0, 0);
        proc(202, 201, DAEMON, 400, 0, 1000);
        proc(300, 1, DAEMON, 20, 0, 0);
        proc(301, 300, DAEMON, 50, 0, 0);
        proc(400, 1, "java -cp /opt/spark/jars/* org.apache.spark.deploy.history.HistoryServer", 500, 0, 0);
        proc(500, 1, "python3 unrelated.py", 10, 0, 0);
        proc(501, 1, "java -jar jenkins.war", 10, 0, 0);
        ProcessSample b = new ProcessSample(T0, 0, before);
        ProcessSample a = new ProcessSample(T0.plusSeconds(1), 1_000_000_000L, after);
        return SparkProcesses.classify(b, a, new DriverHints(Map.of(), Map.of(40_000, 101L, 4040, 101L)), related);
    }

    @Test
    void childrenOfTheDaemonAreWorkersLinkedToDaemonJvmAppAndExecutor() {
        ProcessTable t = machine(false);
        SparkProcess worker = t.find(202).orElseThrow();
        assertThat(worker.role()).isEqualTo(SparkRole.PYTHON_WORKER);
        assertThat(worker.daemonPid()).hasValue(201);
        assertThat(worker.jvmPid()).hasValue(200);
        assertThat(worker.appId()).contains("app-1");
        assertThat(worker.executorId()).contains("1");
        assertThat(t.find(201).orElseThrow().role()).isEqualTo(SparkRole.PYTHON_DAEMON);
    }

    @Test
    void inLocalModeTheDaemonHangsOffTheDriverWhichLearnsItsAppFromAnExecutorsDriverUrl() {
        ProcessTable t = machine(false);
        SparkProcess driver = t.find(101).orElseThrow();
        assertThat(driver.role()).isEqualTo(SparkRole.DRIVER);
        assertThat(driver.appId()).contains("app-1");
        assertThat(t.find(103).orElseThrow().executorId()).contains("driver");
        assertThat(t.find(103).orElseThrow().jvmPid()).hasValue(101);
        SparkProcess kernel = t.find(100).orElseThrow();
        assertThat(kernel.role()).isEqualTo(SparkRole.DRIVER_PYTHON);
        assertThat(kernel.appId()).contains("app-1");
    }

    @Test
    void underSparkSubmitTheScriptIsTheDriverJvmsChildAndOtherPythonChildrenAreNotTheDriver() {
        // the shape of a real spark-submit app.py (PySpark 3.5.1 here): JVM → python3 /abs/app.py, JVM → daemon → workers
        proc(600, 1, "java -Xmx1g -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit --master local[2] jobs/app.py", 350, 0, 0);
        proc(601, 600, "/usr/bin/python3 /home/me/jobs/app.py", 47, 0, 0);
        proc(602, 600, DAEMON, 47, 0, 0);
        proc(603, 602, DAEMON, 44, 0, 0);
        proc(604, 600, "python3 /home/me/transform.py", 10, 0, 0);   // rdd.pipe("python3 transform.py")
        ProcessTable t = SparkProcesses.classify(new ProcessSample(T0, 0, before), new ProcessSample(T0.plusSeconds(1), 1_000_000_000L, after),
                new DriverHints(Map.of(600L, "local-1"), Map.of()), false);

        SparkProcess script = t.find(601).orElseThrow();
        assertThat(script.role()).isEqualTo(SparkRole.DRIVER_PYTHON);
        assertThat(script.jvmPid()).hasValue(600);
        assertThat(script.appId()).contains("local-1");
        assertThat(t.find(604)).isEmpty();
        ProcessGroups.JvmGroup g = ProcessGroups.of(t).applications().get(0).jvms().get(0);
        assertThat(g.driverPython()).extracting(SparkProcess::pid).containsExactly(601L);
        assertThat(g.totalRssBytes()).isEqualTo((350 + 47 + 47 + 44) * MB);
    }

    @Test
    void aDaemonWithoutAJvmParentIsOrphanedAndItsWorkersUnlinked() {
        ProcessTable t = machine(false);
        assertThat(t.orphanedDaemons()).extracting(SparkProcess::pid).containsExactly(300L);
        assertThat(t.find(301).orElseThrow().jvmPid()).isEqualTo(OptionalLong.empty());
        ProcessGroups g = ProcessGroups.of(t);
        assertThat(g.unlinked()).extracting(SparkProcess::pid).containsExactlyInAnyOrder(300L, 301L);
        assertThat(g.services()).extracting(SparkProcess::pid).containsExactly(400L);
    }

    @Test
    void cpuPercentIsTheCpuTimeGainedOverTheWallTimeAndUnknownForAReusedPid() {
        ProcessTable t = machine(false);
        assertThat(t.intervalMs()).isEqualTo(1000);
        assertThat(t.find(103).orElseThrow().cpuPercent().getAsDouble()).isEqualTo(50.0);
        assertThat(t.find(202).orElseThrow().cpuPercent().getAsDouble()).isEqualTo(100.0);
        assertThat(t.find(101).orElseThrow().cpuPercent().getAsDouble()).isEqualTo(25.0);
        assertThat(t.find(104).orElseThrow().cpuPercent()).isEmpty();
    }

    @Test
    void groupsPutEachApplicationsJvmsFirstDriverThenExecutorsWithPythonTotals() {
        ProcessGroups g = ProcessGroups.of(machine(false));
        assertThat(g.applications()).hasSize(1);
        ProcessGroups.AppGroup app = g.applications().get(0);
        assertThat(app.appId()).contains("app-1");
        assertThat(app.jvms()).extracting(j -> j.jvm().pid()).containsExactly(101L, 200L);
        ProcessGroups.JvmGroup driver = app.jvms().get(0);
        assertThat(driver.driverPython()).extracting(SparkProcess::pid).containsExactly(100L);
        assertThat(driver.daemons()).hasSize(1);
        assertThat(driver.daemons().get(0).workers()).extracting(SparkProcess::pid).containsExactlyInAnyOrder(103L, 104L);
        assertThat(driver.totalRssBytes()).isEqualTo((90 + 600 + 20 + 300 + 200) * MB);
        assertThat(app.jvms().get(1).totalRssBytes()).isEqualTo((700 + 20 + 400) * MB);
    }

    @Test
    void unrelatedJavaAndPythonProcessesShowOnlyWhenAskedFor() {
        assertThat(machine(false).find(500)).isEmpty();
        ProcessTable all = new SparkProcessesTest().machine(true);
        assertThat(all.withRole(SparkRole.RELATED)).extracting(SparkProcess::pid).containsExactlyInAnyOrder(500L, 501L);
    }

    @Test
    void anAttachedPortNamesTheDriverAndItsAppEvenWithoutASparkCommandLine() {
        ProcessInfo testJvm = info(900, 1, "java -jar surefirebooter.jar", 800, 0, T0);
        ProcessSample s = new ProcessSample(T0, 0, List.of(testJvm));
        ProcessTable t = SparkProcesses.classify(s, s, new DriverHints(Map.of(900L, "local-42"), Map.of()), false);
        assertThat(t.find(900).orElseThrow().role()).isEqualTo(SparkRole.DRIVER);
        assertThat(t.find(900).orElseThrow().appId()).contains("local-42");
    }

    @Test
    void sparkdocNeverListsItselfNorAnotherSparkdocEvenWithSparkCoreOnItsClasspath() {
        String sparkCore = "java -cp target/classes:/root/.m2/spark-core_2.13-4.0.1.jar ";
        ProcessInfo self = info(700, 1, "java -Xmx512m -jar /opt/sparkdoc/lib/sparkdoc.jar ps", 200, 0, T0);
        ProcessInfo demo = info(701, 1, sparkCore + "dev.sparkdoc.cli.Main attach 127.0.0.1:4050", 200, 0, T0);
        ProcessInfo versioned = info(702, 1, "java -jar sparkdoc-1.4.0.jar attach prod", 200, 0, T0);
        ProcessInfo app = info(703, 1, sparkCore + "com.acme.Etl", 900, 0, T0);
        ProcessSample s = new ProcessSample(T0, 0, List.of(self, demo, versioned, app));
        for (boolean related : List.of(false, true)) {
            ProcessTable t = SparkProcesses.classify(s, s, DriverHints.NONE, related, 700);
            assertThat(t.processes()).extracting(SparkProcess::pid).containsExactly(703L);
            assertThat(t.find(703).orElseThrow().role()).isEqualTo(SparkRole.DRIVER);
        }
        // a JVM that serves the attached UI is a driver, be it this one (Spark in a test JVM)
        ProcessTable hosted = SparkProcesses.classify(s, s, new DriverHints(Map.of(700L, "local-7"), Map.of()), false, 700);
        assertThat(hosted.find(700).orElseThrow().role()).isEqualTo(SparkRole.DRIVER);
    }

    @Test
    void aProcessWhoseRssAndThreadsAreUnknownKeepsThemUnknownAndAddsNothingToTheTotal() {
        ProcessInfo jvm = info(800, 1, "java -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit app.py", 500, 0, T0);
        ProcessInfo zombie = new ProcessInfo(801, 800, "spark", "Z", Optional.of(T0), java.util.OptionalInt.empty(),
                OptionalLong.empty(), 0, List.of(DAEMON.split(" ")));
        ProcessSample s = new ProcessSample(T0, 0, List.of(jvm, zombie));
        ProcessTable t = SparkProcesses.classify(s, s, DriverHints.NONE, false, 1);
        assertThat(t.find(801).orElseThrow().process().rssBytes()).isEmpty();
        assertThat(ProcessGroups.of(t).applications().get(0).jvms().get(0).totalRssBytes()).isEqualTo(500 * MB);
    }
}
