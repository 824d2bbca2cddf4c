package dev.sparkdoc.signals;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.LocalDisk;
import dev.sparkdoc.proc.ProcessInfo;
import dev.sparkdoc.proc.ProcessSample;
import dev.sparkdoc.proc.SparkProcesses;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The facts real applications produce: the event logs of this repository (the embedded examples
 * first, then the test logs, then Apache Spark's own History Server test logs) through the signals,
 * and test snapshots for what no log has (local processes, failures of every kind, full disks).
 */
final class ProducedFacts {

    /** Where a set of facts comes from, and what it produced, scope by scope. */
    record Source(String name, SignalSet signals) {
    }

    private static List<Source> sources;

    private ProducedFacts() {
    }

    static synchronized List<Source> all() {
        if (sources == null) {
            List<Source> out = new ArrayList<>();
            for (Path log : logs()) {
                out.add(new Source(Path.of("").toAbsolutePath().relativize(log.toAbsolutePath()).toString()
                        .replace("src/test/resources/", ""), Signals.compute(readAMinuteAfterItsLastWrite(log))));
            }
            snapshots().forEach((name, signals) -> out.add(new Source("test snapshot: " + name, signals)));
            sources = List.copyOf(out);
        }
        return sources;
    }

    /** A fixed read time, so app.log.quiet is the same on every checkout: a minute after the log's last write. */
    private static dev.sparkdoc.model.AppSnapshot readAMinuteAfterItsLastWrite(Path log) {
        try (Stream<Path> files = Files.walk(log)) {
            Instant written = Instant.EPOCH;
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Instant t = Files.getLastModifiedTime(f).toInstant();
                written = t.isAfter(written) ? t : written;
            }
            java.time.Clock clock = java.time.Clock.fixed(written.plusSeconds(60), java.time.ZoneOffset.UTC);
            return new EventLogSource(log, log.toString(), clock).read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> logs() {
        List<Path> logs = new ArrayList<>(List.of(
                Path.of("examples/skewed-join/eventlog_v2_local-1795967361954"),
                Path.of("examples/healthy-join/eventlog_v2_local-1795967347590"),
                Path.of("examples/cut-off-log/eventlog_v2_local-1795967351871")));
        logs.addAll(entries(Path.of("src/test/resources/spark/eventlogs")));
        for (String dir : List.of("spark-events", "spark-events-broken", "sql-spark-events")) {
            logs.addAll(entries(Path.of("src/test/resources/spark-upstream", dir)));
        }
        // other tools' real logs, last: only what no log above has comes from them
        logs.addAll(entries(Path.of("src/test/resources/public-eventlogs")));
        // the blind corpus's one application with spark.task.cpus above 1 (config.task-cpus)
        logs.addAll(entries(Path.of("src/test/resources/corpus/j413_config_task_cpus")));
        return logs;
    }

    /** The event logs in a folder: its files and rolling-log folders, one level down in folders of their own. */
    private static List<Path> entries(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> out = new ArrayList<>();
            for (Path p : s.sorted().toList()) {
                if (p.getFileName().toString().endsWith(".md")) {
                    continue;
                }
                if (Files.isDirectory(p) && !p.getFileName().toString().startsWith("eventlog_v2_")) {
                    out.addAll(entries(p));
                } else {
                    out.add(p);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rare conditions, one snapshot each. */
    private static Map<String, SignalSet> snapshots() {
        Map<String, SignalSet> out = new LinkedHashMap<>();
        // the blind corpus's j420_null_key_skew_join and j413_window_no_partition, as their tests make them
        out.put("an outer join whose NULL keys fill one partition", Signals.compute(NullKeySkewTest.j420("LeftOuter").build()));
        out.put("a window with no partitionBy", Signals.compute(UnpartitionedWindowTest.j413(
                "Exchange SinglePartition, ENSURE_REQUIREMENTS, [plan_id=25]", 1, 300L << 20).build()));
        out.put("failures of every kind", Signals.compute(Snapshots.app()
                .job(Snapshots.failedJob(1, "Job aborted due to stage failure: Task not serializable:"
                        + " java.io.NotSerializableException: com.example.Helper", 0, 0))
                .stage(stage(1).tasks(100, 90).failed(10).status(StageStatus.FAILED)
                        .failure("ExceptionFailure", "java.io.IOException", "java.io.IOException: No space left on device", 4)
                        .failure("ExceptionFailure", "org.apache.spark.api.python.PythonException",
                                "Traceback (most recent call last):\nZeroDivisionError: division by zero", 3))
                .stage(stage(2).tasks(10, 9).failed(1).runningTask("2", 40_000)
                        .failure("ExceptionFailure", "java.io.NotSerializableException", "java.io.NotSerializableException: x", 1))
                .running(T0.plusSeconds(100))
                .sql(Plans.sortMergeJoin(500L << 20, 5L << 20).build(0, 60_000))
                .sql(Plans.plan().node(0, "BatchEvalPython").node(1, "Scan parquet t").edge(1, 0).build(1, 30_000))
                .executors(executor("1", 4).removed("Container killed by YARN for exceeding memory limits.")
                        .peak("JVMHeapMemory", 3L << 30).peak("ProcessTreeJVMRSSMemory", 3L << 30)
                        .peak("ProcessTreePythonRSSMemory", 1L << 30), executor("2", 4)).build()));
        out.put("a Kubernetes executor sized by overhead factor, killed", Signals.compute(Snapshots.app()
                .conf("spark.master", "k8s://https://kubernetes.default.svc:443").conf("spark.kubernetes.memoryOverheadFactor", "0.2")
                .executors(executor("1", 4).removed("The executor with id 1 exited with exit code 137(SIGKILL, possible container OOM)."))
                .build()));
        // Spark 4.0.1's text for a job running when SparkContext.stop() was called (FailureScenarioTest runs its kin)
        out.put("a job cancelled by the application's end", Signals.compute(Snapshots.app()
                .job(Snapshots.failedJob(0, "Job 0 cancelled because SparkContext was shut down", 0, 0)).build()));
        // a live reduce stage whose parents' writes are known: the running task's data before it ends
        // with the running task's thread as a live driver's dump gave it (LiveThreadDumpScenarioTest, Spark 4.0.1)
        out.put("a running reduce stage", Signals.compute(Snapshots.app().running(T0.plusSeconds(60)).runningJob(0, 1)
                .stage(stage(0).tasks(4, 4).shuffleRead(0).shuffleWrite(100L << 20))
                .stage(stage(1).tasks(10, 9).active(1).shuffleRead(20L << 20).runningTask("1", 14_000, 2L << 20))
                .sql(dev.sparkdoc.testing.Plans.plan().node(0, "HashAggregate").build(0, 60_000, 0)).build()
                .withTaskThreads(List.of(new dev.sparkdoc.model.TaskThread(1000, 1, 0, "1",
                        "Executor task launch worker for task 0.0 in stage 1.0 (TID 1000)", "TIMED_WAITING",
                        List.of("java.lang.Thread.sleep(Native Method)", "com.acme.etl.MyParser.parse(MyParser.java:47)",
                                "org.apache.spark.sql.internal.ToScalaUDF$.$anonfun$apply$13(ToScalaUDF.scala:100)",
                                "org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:650)"),
                        java.util.Optional.empty(), T0.plusSeconds(60))))));
        // a live driver whose main thread builds a report while its executors sit idle (LiveDriverDumpScenarioTest, Spark 4.0.1)
        out.put("a live driver in its own code between jobs", Signals.compute(Snapshots.app().running(T0.plusSeconds(120))
                .stage(stage(0).tasks(4, 4)).executors(executor("1", 4)).build()
                .withDriverDump(Optional.of(new dev.sparkdoc.model.DriverDump(T0.plusSeconds(120), "no task has run for 45 s", 45_000, 180, 87,
                        List.of(new dev.sparkdoc.model.DriverThread("main", "RUNNABLE",
                                List.of("java.util.HashMap.putVal(HashMap.java:636)", "com.acme.Report.build(Report.java:42)",
                                        "com.acme.Report.main(Report.java:12)"), Optional.empty())))))));
        // no test log's completed stages retried failures of two reasons
        out.put("retried failures of two reasons", Signals.compute(Snapshots.app()
                .stage(stage(3).tasks(8, 8).failed(3).runTime(110_000)
                        .failure("ExceptionFailure", "java.io.IOException", "java.io.IOException: Connection reset by 10.0.0.7", 2)
                        .failure("UnknownReason", null, "UnknownReason", 1)).build()));
        // the one test log with speculation (application_1628109047826_1317105) has a lost copy, no winning one, and Spark 3.1
        out.put("speculative copies that won on a slow executor", Signals.compute(Snapshots.app().conf("spark.speculation", "true")
                .stage(stage(4).wall(300).tasks(100, 100).raceLost(1, "1", 60_000, true).raceLost(20, "3", 50_000, false)).build()));
        // no test log's collect_list outgrew its hash map
        out.put("an object aggregate that fell back to sorting", Signals.compute(Snapshots.app()
                .sql(dev.sparkdoc.testing.Plans.plan().node(0, "ObjectHashAggregate", "number of sort fallback tasks", 3)
                        .node(1, "Scan parquet events").edge(1, 0).build(0, 60_000)).build()));
        // no test log joins without a key, counts several columns distinct or collects whole groups (the blind corpus does)
        out.put("a range join, five count distinct and a collect_list of whole groups", Signals.compute(Snapshots.app()
                .sql(dev.sparkdoc.testing.Plans.plan().node(0, "BroadcastNestedLoopJoin", "number of output rows", 119_999)
                        .node(1, "Range", "number of output rows", 100_000).node(2, "BroadcastExchange", "number of output rows", 24_000)
                        .edge(1, 0).edge(2, 0).build(0, 25_000))
                .sql(dev.sparkdoc.testing.Plans.plan().node(0, "HashAggregate", "HashAggregate(keys=[day#2L, user#77L, gid#76], functions=[])")
                        .node(1, "Expand", "Expand [[day#2L, user#5L, null, 1], [day#2L, null, page#14L, 2]], [day#2L, user#77L, page#78L, gid#76]",
                                "number of output rows", 1_200_000)
                        .node(2, "Range", "number of output rows", 600_000).edge(2, 1).edge(1, 0).build(1, 40_000))
                .sql(dev.sparkdoc.testing.Plans.plan().node(0, "Exchange", "", "shuffle records written", 12, "data size", 38_475_648L)
                        .node(1, "ObjectHashAggregate", "", "number of output rows", 12, "time in aggregation build", 17_451)
                        .node(2, "Range", "number of output rows", 600_000).edge(2, 1).edge(1, 0).build(2, 30_000)).build()));
        // no test log's streaming query read Kafka (StreamApps uses the rate source): offsets behind latest come from here
        out.put("a Kafka query counting every key, falling behind", Signals.compute(Snapshots.app().build()
                .withStreamingQueries(List.of(dev.sparkdoc.testing.StreamingQueries.kafkaCountingEveryKey(12)))));
        out.put("local processes", processes());
        out.put("a cut-off log with its driver log", Signals.compute(
                readAMinuteAfterItsLastWrite(Path.of("examples/cut-off-log/eventlog_v2_local-1795967351871")),
                Optional.empty(), Optional.of(dev.sparkdoc.source.DriverLogFile.read(
                        Path.of("src/test/resources/driverlogs/exit-on-oom-driver.log")))));
        return out;
    }

    /** An executor with Python workers under a pyspark.memory budget, one without, the driver, an orphaned daemon and a local disk. */
    private static SignalSet processes() {
        Instant t = Instant.parse("2026-11-29T10:00:00Z");
        String daemon = "python3 -m pyspark.daemon";
        List<ProcessInfo> procs = new ArrayList<>();
        long mib = 1L << 20;
        procs.add(process(t, 10, 1, "java -cp x org.apache.spark.executor.CoarseGrainedExecutorBackend --executor-id 1"
                + " --cores 2 --app-id app-test --driver-url spark://CoarseGrainedScheduler@h:1", 2000 * mib));
        procs.add(process(t, 11, 10, daemon, 30 * mib));
        procs.add(process(t, 12, 11, daemon, 600 * mib));
        procs.add(process(t, 20, 1, "java -cp x org.apache.spark.deploy.SparkSubmit job.py", 1200 * mib));
        procs.add(process(t, 21, 20, "python3 job.py", 100 * mib));
        procs.add(process(t, 30, 1, daemon, 40 * mib));
        procs.add(process(t, 31, 30, daemon, 100 * mib));
        var table = SparkProcesses.classify(new ProcessSample(t, 0, procs), new ProcessSample(t, 500_000_000L, procs),
                new DriverHints(Map.of(20L, "app-test"), Map.of()), false);
        Snapshots app = Snapshots.app();
        SignalSet withBudget = withProcesses(app.conf("spark.executor.pyspark.memory", "1g"), table);
        SignalSet without = withProcesses(Snapshots.app(), table);
        List<ScopeFacts> scopes = new ArrayList<>(withBudget.scopes());
        scopes.addAll(without.scopes());
        return new SignalSet(withBudget.app(), scopes);
    }

    private static SignalSet withProcesses(Snapshots app, dev.sparkdoc.proc.ProcessTable table) {
        AppContext ctx = AppContext.of(app.build());
        ScopeFacts appFacts = Signals.compute(app.build()).app();
        Optional<LocalDisk> disk = Optional.of(new LocalDisk(Path.of("/tmp"), 5L << 30, 100L << 30));
        return new SignalSet(appFacts, ProcessSignals.compute(ctx, table, appFacts, p -> disk));
    }

    private static ProcessInfo process(Instant t, long pid, long ppid, String cmd, long rss) {
        return new ProcessInfo(pid, ppid, "u", "S", Optional.of(t), 1, rss, 0, List.of(cmd.split(" ")));
    }
}
