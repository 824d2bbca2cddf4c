package dev.sparkdoc.signals;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverDump;
import dev.sparkdoc.model.DriverThread;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The driver's dump read as an engineer reads jstack: the thread in the app's own code, or what
 * main waits for; an idle driver (a job, awaitTermination, a REPL, a sleep, Py4J) is never busy.
 */
class DriverActivityTest {

    private static DriverThread thread(String name, String state, String... frames) {
        return new DriverThread(name, state, List.of(frames), Optional.empty());
    }

    private static DriverDump dump(DriverThread... threads) {
        return new DriverDump(T0.plusSeconds(85), "no task has run for 45 s", 45_000, 90, 80, List.of(threads));
    }

    private static DriverActivity of(DriverThread... threads) {
        return DriverActivity.of(dump(threads)).orElseThrow();
    }

    static final DriverThread JETTY_ANSWERING = thread("SparkUI-42", "RUNNABLE",
            "java.lang.management.ThreadInfo.getStackTrace(ThreadInfo.java:1)", "org.apache.spark.util.Utils$.getThreadDump(Utils.scala:2200)",
            "jakarta.servlet.http.HttpServlet.service(HttpServlet.java:500)", "org.eclipse.jetty.server.Server.handle(Server.java:516)");

    @Test
    void mainInItsOwnCodeIsTheDriversOwnWorkNamedByItsFrameLineAndState() {
        DriverActivity a = of(thread("main", "RUNNABLE", "java.util.HashMap.putVal(HashMap.java:636)",
                "com.acme.Report.build(Report.java:42)", "com.acme.Report.main(Report.java:12)"), JETTY_ANSWERING);
        assertThat(a.kind()).isEqualTo(DriverActivity.Kind.OWN_CODE);
        assertThat(a.text()).isEqualTo("main is in Report.build (Report.java:42), RUNNABLE, inside HashMap.putVal (HashMap.java:636)");
    }

    @Test
    void aPoolThreadOfTheAppBlockedOnALockIsItsOwnWorkWhileMainWaitsOnIt() {
        DriverActivity a = of(thread("main", "WAITING", "jdk.internal.misc.Unsafe.park(Native Method)",
                        "java.util.concurrent.FutureTask.get(FutureTask.java:191)", "com.acme.Job.main(Job.java:20)"),
                new DriverThread("report-pool-1", "BLOCKED", List.of("com.acme.Cache.get(Cache.java:9)"), Optional.of("java.lang.Object@1f2e3d held by thread 1")));
        assertThat(a.kind()).isEqualTo(DriverActivity.Kind.OWN_CODE);
        assertThat(a.text()).isEqualTo("report-pool-1 is in Cache.get (Cache.java:9), BLOCKED, waiting for java.lang.Object@1f2e3d held by thread 1");
    }

    @Test
    void planningOrListingFilesForTheAppIsItsOwnWorkToo() {
        DriverActivity a = of(thread("main", "RUNNABLE",
                "org.apache.spark.sql.execution.datasources.InMemoryFileIndex$.listLeafFiles(InMemoryFileIndex.scala:300)",
                "org.apache.spark.sql.DataFrameReader.parquet(DataFrameReader.scala:600)", "com.acme.Load.run(Load.scala:7)"));
        assertThat(a.kind()).isEqualTo(DriverActivity.Kind.OWN_CODE);
        assertThat(a.text()).isEqualTo("main is in Load.run (Load.scala:7), RUNNABLE, inside InMemoryFileIndex$.listLeafFiles (InMemoryFileIndex.scala:300)");
    }

    @Test
    void aDriverWaitingForAJobOrAStreamsEndWaitsInSpark() {
        DriverActivity job = of(thread("main", "WAITING", "jdk.internal.misc.Unsafe.park(Native Method)",
                "org.apache.spark.scheduler.DAGScheduler.runJob(DAGScheduler.scala:1000)", "org.apache.spark.rdd.RDD.collect(RDD.scala:1049)",
                "com.acme.Job.main(Job.java:10)"));
        assertThat(job.kind()).isEqualTo(DriverActivity.Kind.WAITS_IN_SPARK);
        assertThat(job.text()).isEqualTo("main waits in Spark's DAGScheduler.runJob, called from Job.main (Job.java:10), WAITING");

        DriverActivity stream = of(thread("main", "WAITING", "java.lang.Object.wait(Native Method)",
                "org.apache.spark.sql.execution.streaming.StreamExecution.awaitTermination(StreamExecution.scala:480)",
                "com.acme.Stream.main(Stream.java:30)"));
        assertThat(stream.kind()).isEqualTo(DriverActivity.Kind.WAITS_IN_SPARK);
    }

    @Test
    void aSleepASocketReadAndAReplPromptAreWaitsNotWork() {
        assertThat(of(thread("main", "TIMED_WAITING", "java.lang.Thread.sleep(Native Method)", "com.acme.Loop.main(Loop.java:5)")).text())
                .isEqualTo("main waits in Loop.main (Loop.java:5), TIMED_WAITING");
        assertThat(of(thread("main", "RUNNABLE", "sun.nio.ch.Net.poll(Native Method)", "sun.nio.ch.NioSocketImpl.park(NioSocketImpl.java:186)",
                "com.acme.Client.fetch(Client.java:8)")).kind()).isEqualTo(DriverActivity.Kind.WAITS_ON_IO);
        DriverActivity repl = of(thread("main", "RUNNABLE", "java.io.FileInputStream.readBytes(Native Method)",
                "org.jline.reader.impl.LineReaderImpl.readLine(LineReaderImpl.java:600)", "scala.tools.nsc.interpreter.shell.ILoop.loop(ILoop.scala:1)",
                "org.apache.spark.repl.Main$.main(Main.scala:59)"));
        assertThat(repl.kind()).isEqualTo(DriverActivity.Kind.REPL);
        assertThat(repl.text()).isEqualTo("main waits for its user at the REPL prompt");
    }

    @Test
    void aPySparkDriverWhoseJvmOnlyServesPy4jIsSaidToRunItsCodeInPython() {
        DriverThread main = thread("main", "WAITING", "java.lang.Object.wait(Native Method)", "java.lang.ProcessImpl.waitFor(ProcessImpl.java:434)",
                "org.apache.spark.deploy.PythonRunner$.main(PythonRunner.scala:115)");
        DriverThread py4j = thread("Thread-3", "RUNNABLE", "sun.nio.ch.Net.poll(Native Method)",
                "java.io.BufferedReader.readLine(BufferedReader.java:400)", "py4j.ClientServerConnection.run(ClientServerConnection.java:106)");
        DriverActivity a = of(main, py4j);
        assertThat(a.kind()).isEqualTo(DriverActivity.Kind.PYTHON_SIDE);
        assertThat(a.text()).startsWith("the driver's JVM only serves Py4J (main is WAITING): the driver's code runs in its Python process");

        // a call from Python that runs in the JVM (a file listing) is the driver's work, named by its top frame
        DriverThread calling = thread("Thread-4", "RUNNABLE",
                "org.apache.spark.sql.execution.datasources.InMemoryFileIndex$.listLeafFiles(InMemoryFileIndex.scala:300)",
                "py4j.reflection.MethodInvoker.invoke(MethodInvoker.java:244)", "py4j.commands.CallCommand.execute(CallCommand.java:79)");
        assertThat(of(main, calling, py4j).text())
                .isEqualTo("Thread-4, a call from Python, is in InMemoryFileIndex$.listLeafFiles (InMemoryFileIndex.scala:300), RUNNABLE");
    }

    @Test
    void aJobWithNoTaskRunningShowsWhereMainWaitsForItAsEvidenceOfTheWait() {
        AppSnapshot s = Snapshots.app().running(T0.plusSeconds(130)).stage(stage(10).tasks(100, 0).active(0).noQuantiles().runTime(0))
                .executors(executor("1", 4)).build()
                .withDriverDump(Optional.of(new DriverDump(T0.plusSeconds(130), "no task has run for 130 s", 130_000, 90, 80, List.of(
                        thread("main", "WAITING", "jdk.internal.misc.Unsafe.park(Native Method)",
                                "org.apache.spark.scheduler.DAGScheduler.runJob(DAGScheduler.scala:1000)",
                                "org.apache.spark.rdd.RDD.collect(RDD.scala:1049)", "com.acme.Job.main(Job.java:10)")))));
        Diagnosis d = Diagnosis.of(s, RuleCatalog.builtIn());
        Finding wait = d.findings().stream().filter(f -> f.rule().equals("not-starting.waiting-for-resources")).findFirst().orElseThrow();
        assertThat(wait.evidence()).anySatisfy(e -> assertThat(e.display())
                .isEqualTo("main waits in Spark's DAGScheduler.runJob, called from Job.main (Job.java:10), WAITING"));
        assertThat(d.findings()).noneMatch(f -> f.rule().equals("scheduling.driver-own-work"));
    }

    private static AppSnapshot quiet(DriverThread... threads) {
        return Snapshots.app().running(T0.plusSeconds(85)).stage(stage(0).tasks(4, 4)).executors(executor("1", 4)).build()
                .withDriverDump(Optional.of(dump(threads)));
    }

    @Test
    void theDriversOwnWorkIsTheTopFindingAndAnIdleDriverShowsNothingAtWarning() {
        Diagnosis busy = Diagnosis.of(quiet(thread("main", "RUNNABLE", "com.acme.Report.build(Report.java:42)",
                "com.acme.Report.main(Report.java:12)"), JETTY_ANSWERING), RuleCatalog.builtIn());
        Finding top = busy.atLeast(Severity.WARNING).get(0);
        assertThat(top.rule()).isEqualTo("scheduling.driver-own-work");
        assertThat(top.title()).isEqualTo("The driver has run its own code for 45.0 s while 4 executor slots sat idle:"
                + " main is in Report.build (Report.java:42), RUNNABLE");
        assertThat(top.secondsLost()).isEqualTo(45.0);
        assertThat(top.evidence()).anySatisfy(e -> assertThat(e.display())
                .isEqualTo("driver thread dump at 2026-11-29T10:01:25Z, taken because no task has run for 45 s (80 threads)"));

        for (AppSnapshot idle : List.of(
                quiet(thread("main", "WAITING", "java.lang.Object.wait(Native Method)",
                        "org.apache.spark.sql.execution.streaming.StreamExecution.awaitTermination(StreamExecution.scala:480)",
                        "com.acme.Stream.main(Stream.java:30)"), JETTY_ANSWERING),
                quiet(thread("main", "WAITING", "java.lang.Object.wait(Native Method)", "java.lang.ProcessImpl.waitFor(ProcessImpl.java:434)",
                        "org.apache.spark.deploy.PythonRunner$.main(PythonRunner.scala:115)"),
                        thread("Thread-3", "RUNNABLE", "sun.nio.ch.Net.poll(Native Method)",
                                "py4j.ClientServerConnection.run(ClientServerConnection.java:106)"))
                        .withDriverDump(Optional.of(new DriverDump(T0.plusSeconds(130), "no task has run for 90 s", 90_000, 90, 80, List.of(
                                thread("main", "WAITING", "org.apache.spark.deploy.PythonRunner$.main(PythonRunner.scala:115)"),
                                thread("Thread-3", "RUNNABLE", "sun.nio.ch.Net.poll(Native Method)",
                                        "py4j.ClientServerConnection.run(ClientServerConnection.java:106)"))))))) {
            Diagnosis d = Diagnosis.of(idle, RuleCatalog.builtIn());
            assertThat(d.atLeast(Severity.WARNING)).as(idle.driverDump().toString()).isEmpty();
        }
    }
}
