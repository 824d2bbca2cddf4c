package dev.sparkdoc.signals;

import dev.sparkdoc.proc.LocalDisk;
import dev.sparkdoc.proc.ProcessGroups;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.proc.SparkProcess;
import dev.sparkdoc.proc.SparkRole;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Facts about the application's processes on THIS machine (from {@code sparkdoc ps} sampling):
 * one scope per driver or executor JVM of the app, with its Python daemon and workers, and one
 * per orphaned {@code pyspark.daemon}. Cluster-wide Python memory comes from the executors'
 * ProcessTree* metrics instead ({@link ExecutorSignals}).
 */
public final class ProcessSignals {

    public static final List<FactDef> FACTS = new ArrayList<>();

    static {
        def("process.role", FactUnit.TEXT, "driver, executor or python-daemon");
        def("process.pid", FactUnit.COUNT, "the process id");
        def("process.isDriver", FactUnit.BOOLEAN, "the driver JVM (also the only executor in local mode)");
        def("process.cpu.cores", FactUnit.RATIO, "CPU between two samples in cores: 1 = one core busy (JVM + Python)");
        def("process.jvm.rss", FactUnit.BYTES, "RSS of the JVM now");
        def("process.rss.total", FactUnit.BYTES, "RSS of the JVM and the Python processes it started");
        def("process.memoryLimit", FactUnit.BYTES, "what YARN/Kubernetes would allow: heap + memoryOverhead (+ pyspark.memory)");
        def("process.rss.fractionOfLimit", FactUnit.FRACTION, "total RSS / memory limit");
        def("process.python.workers", FactUnit.COUNT, "Python workers of this JVM");
        def("process.python.rss", FactUnit.BYTES, "RSS of the Python daemon and workers together");
        def("process.python.worker.rss.max", FactUnit.BYTES, "RSS of the largest Python worker");
        def("process.python.worker.limit", FactUnit.BYTES, "spark.executor.pyspark.memory / executor cores: each worker's limit");
        def("process.python.worker.fractionOfLimit", FactUnit.FRACTION, "largest worker RSS / its pyspark.memory share");
        def("process.python.memory.suggested", FactUnit.BYTES, "a spark.executor.pyspark.memory that fits the largest worker on every core, with 25% room");
        def("process.python.fractionOfOverhead", FactUnit.FRACTION, "Python RSS / memoryOverhead, where Python lives when pyspark.memory is unset");
        def("process.daemon.orphaned", FactUnit.BOOLEAN, "a pyspark.daemon whose executor JVM is gone");
        def("process.daemon.orphans", FactUnit.COUNT, "orphaned pyspark.daemon processes on this machine");
        def("process.daemon.orphanRss", FactUnit.BYTES, "RSS held by orphaned daemons and their workers");
        def("process.localDir.path", FactUnit.TEXT, "first folder of spark.local.dir (default /tmp)");
        def("process.localDir.free", FactUnit.BYTES, "usable bytes on spark.local.dir");
        def("process.localDir.freeFraction", FactUnit.FRACTION, "usable / total bytes on spark.local.dir");
    }

    static final long MIB = 1L << 20;

    private ProcessSignals() {
    }

    private static void def(String name, FactUnit unit, String description) {
        FACTS.add(new FactDef(name, ScopeKind.PROCESS, unit, description));
    }

    /** Process scopes of the app, each falling back to {@code app}; the disk is probed here. */
    public static List<ScopeFacts> compute(AppContext ctx, ProcessTable table, ScopeFacts app) {
        return compute(ctx, table, app, LocalDisk::probe);
    }

    /** As above, with the disk probe given (tests; callers that probed already). */
    public static List<ScopeFacts> compute(AppContext ctx, ProcessTable table, ScopeFacts app, Function<Path, Optional<LocalDisk>> disk) {
        String appId = ctx.snapshot().application().id();
        Optional<LocalDisk> local = disk.apply(LocalDisk.sparkLocalDir(ctx.conf("spark.local.dir")));
        ProcessGroups groups = ProcessGroups.of(table);
        List<ScopeFacts> out = new ArrayList<>();
        groups.applications().stream().filter(a -> a.appId().equals(Optional.of(appId)))
                .flatMap(a -> a.jvms().stream())
                .forEach(g -> {
                    FactSink sink = new FactSink(scope(g.jvm()));
                    jvm(ctx, g, sink);
                    local.ifPresent(d -> sink.text("process.localDir.path", d.path().toString())
                            .put("process.localDir.free", d.usableBytes())
                            .put("process.localDir.freeFraction", d.freeFraction()));
                    out.add(sink.build(Optional.of(app)));
                });
        List<SparkProcess> orphans = table.orphanedDaemons();
        long orphanRss = orphans.stream().mapToLong(d -> d.process().rssBytes()
                + table.childrenOf(d.pid()).stream().mapToLong(w -> w.process().rssBytes()).sum()).sum();
        for (SparkProcess d : orphans) {
            FactSink sink = new FactSink(scope(d));
            sink.text("process.role", d.role().id()).put("process.pid", d.pid())
                    .put("process.daemon.orphaned", true)
                    .put("process.daemon.orphans", orphans.size())
                    .put("process.daemon.orphanRss", orphanRss)
                    .put("process.python.workers", table.childrenOf(d.pid()).size());
            out.add(sink.build(Optional.of(app)));
        }
        return out;
    }

    public static Scope scope(SparkProcess p) {
        String what = p.role() == SparkRole.EXECUTOR ? "executor " + p.executorId().orElse("?") : p.role().id();
        return new Scope(ScopeKind.PROCESS, Long.toString(p.pid()), what + " (pid " + p.pid() + ")");
    }

    private static void jvm(AppContext ctx, ProcessGroups.JvmGroup g, FactSink sink) {
        SparkProcess jvm = g.jvm();
        boolean driver = jvm.role() == SparkRole.DRIVER;
        List<SparkProcess> python = new ArrayList<>(g.directWorkers());
        g.daemons().forEach(d -> {
            python.add(d.daemon());
            python.addAll(d.workers());
        });
        List<SparkProcess> workers = python.stream().filter(p -> p.role() == SparkRole.PYTHON_WORKER).toList();
        long pythonRss = python.stream().mapToLong(p -> p.process().rssBytes()).sum();
        long maxWorker = workers.stream().mapToLong(p -> p.process().rssBytes()).max().orElse(0);

        long heap = driver ? ctx.confBytes("spark.driver.memory", ConfigSignals.GIB, 'm')
                : ctx.confBytes("spark.executor.memory", ConfigSignals.GIB, 'm');
        // Spark's default overhead: max(384 MiB, memoryOverheadFactor (0.10) × heap), for driver and executors
        long defaultOverhead = Math.max(384 * MIB, heap / 10);
        long overhead = driver ? ctx.confBytes("spark.driver.memoryOverhead", defaultOverhead, 'm')
                : ctx.confBytes("spark.executor.memoryOverhead", defaultOverhead, 'm');
        long pysparkMemory = ctx.confBytes("spark.executor.pyspark.memory", 0, 'm');
        long limit = heap + overhead + (driver ? 0 : pysparkMemory);

        sink.text("process.role", jvm.role().id()).put("process.pid", jvm.pid()).put("process.isDriver", driver)
                .put("process.cpu.cores", g.totalCpuPercent() / 100.0)
                .put("process.jvm.rss", jvm.process().rssBytes())
                .put("process.rss.total", g.totalRssBytes())
                .put("process.memoryLimit", limit)
                .put("process.rss.fractionOfLimit", FactSink.ratio(g.totalRssBytes(), limit))
                .put("process.python.workers", workers.size());
        if (python.isEmpty()) {
            return;
        }
        int cores = Math.max(1, jvm.executorArgs().flatMap(a -> a.cores().isPresent()
                ? Optional.of(a.cores().getAsInt()) : Optional.empty()).orElse((int) ctx.confLong("spark.executor.cores", 1)));
        sink.put("process.python.rss", pythonRss).put("process.python.worker.rss.max", maxWorker)
                .put("process.python.memory.suggested", Math.max(512 * MIB, maxWorker * Math.max(cores, workers.size()) * 1.25));
        if (pysparkMemory > 0 && !driver) {
            // PythonRunner gives each worker pyspark.memory / spark.executor.cores (RLIMIT_AS in worker.py)
            long perWorker = pysparkMemory / cores;
            sink.put("process.python.worker.limit", perWorker)
                    .put("process.python.worker.fractionOfLimit", FactSink.ratio(maxWorker, perWorker));
        } else {
            // unset pyspark.memory: Python shares the overhead with other non-JVM memory (Spark's docs)
            sink.put("process.python.fractionOfOverhead", FactSink.ratio(pythonRss, overhead));
        }
    }
}
