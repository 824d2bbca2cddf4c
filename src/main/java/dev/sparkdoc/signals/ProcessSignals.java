package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
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

    public static final FactList FACTS = new FactList(ScopeKind.PROCESS);
    public static final Fact PID = FACTS.count("process.pid", "the process id");
    public static final Fact IS_DRIVER = FACTS.flag("process.isDriver", "the driver JVM (also the only executor in local mode)");
    public static final Fact JVM_RSS = FACTS.bytes("process.jvm.rss", "RSS of the JVM now");
    public static final Fact RSS_TOTAL = FACTS.bytes("process.rss.total", "RSS of the JVM and the Python processes it started");
    public static final Fact MEMORY_LIMIT = FACTS.bytes("process.memoryLimit",
            "what YARN/Kubernetes would allow: heap + memoryOverhead (+ pyspark.memory); none for a local-mode driver");
    public static final Fact RSS_FRACTION_OF_LIMIT = FACTS.fraction("process.rss.fractionOfLimit", "total RSS / memory limit");
    public static final Fact PYTHON_WORKERS = FACTS.count("process.python.workers", "Python workers of this JVM");
    public static final Fact PYTHON_RSS = FACTS.bytes("process.python.rss", "RSS of the Python daemon and workers together");
    public static final Fact PYTHON_WORKER_RSS_MAX = FACTS.bytes("process.python.worker.rss.max", "RSS of the largest Python worker");
    public static final Fact PYTHON_WORKER_LIMIT = FACTS.bytes("process.python.worker.limit",
            "spark.executor.pyspark.memory / executor cores: each worker's limit");
    public static final Fact PYTHON_WORKER_FRACTION_OF_LIMIT = FACTS.fraction("process.python.worker.fractionOfLimit",
            "largest worker RSS / its pyspark.memory share");
    public static final Fact PYTHON_MEMORY_SUGGESTED = FACTS.bytes("process.python.memory.suggested",
            "a spark.executor.pyspark.memory that fits the largest worker on every core, with 25% room");
    public static final Fact PYTHON_FRACTION_OF_OVERHEAD = FACTS.fraction("process.python.fractionOfOverhead",
            "Python RSS / memoryOverhead, where Python lives when pyspark.memory is unset");
    public static final Fact DAEMON_ORPHANED = FACTS.flag("process.daemon.orphaned", "a pyspark.daemon whose executor JVM is gone");
    public static final Fact DAEMON_ORPHANS = FACTS.count("process.daemon.orphans", "orphaned pyspark.daemon processes on this machine");
    public static final Fact DAEMON_ORPHAN_RSS = FACTS.bytes("process.daemon.orphanRss", "RSS held by orphaned daemons and their workers");
    public static final Fact LOCAL_DIR_PATH = FACTS.text("process.localDir.path", "first folder of spark.local.dir (default /tmp)");
    public static final Fact LOCAL_DIR_FREE = FACTS.bytes("process.localDir.free", "usable bytes on spark.local.dir");
    public static final Fact LOCAL_DIR_FREE_FRACTION = FACTS.fraction("process.localDir.freeFraction",
            "usable / total bytes on spark.local.dir");

    private ProcessSignals() {
    }

    /** Process scopes of the app, each falling back to {@code app}; the disk is probed here. */
    public static List<ScopeFacts> compute(AppContext ctx, ProcessTable table, ScopeFacts app) {
        return compute(ctx, table, app, LocalDisk::probe);
    }

    /** As above, with the disk probe given (tests; callers that probed already). */
    public static List<ScopeFacts> compute(AppContext ctx, ProcessTable table, ScopeFacts app, Function<Path, Optional<LocalDisk>> disk) {
        String appId = ctx.snapshot().application().id();
        Optional<LocalDisk> local = disk.apply(LocalDisk.sparkLocalDir(ctx.settings().get("spark.local.dir").map(Setting::value)));
        ProcessGroups groups = ProcessGroups.of(table);
        List<ScopeFacts> out = new ArrayList<>();
        groups.applications().stream().filter(a -> a.appId().equals(Optional.of(appId)))
                .flatMap(a -> a.jvms().stream())
                .forEach(g -> {
                    FactSink sink = new FactSink(scope(g.jvm()));
                    jvm(ctx, g, sink);
                    local.ifPresent(d -> sink.text(LOCAL_DIR_PATH, d.path().toString())
                            .put(LOCAL_DIR_FREE, d.usableBytes())
                            .put(LOCAL_DIR_FREE_FRACTION, d.freeFraction()));
                    out.add(sink.build(Optional.of(app)));
                });
        List<SparkProcess> orphans = table.orphanedDaemons();
        long orphanRss = orphans.stream().mapToLong(d -> d.process().rssOrZero()
                + table.childrenOf(d.pid()).stream().mapToLong(w -> w.process().rssOrZero()).sum()).sum();
        for (SparkProcess d : orphans) {
            FactSink sink = new FactSink(scope(d));
            sink.put(PID, d.pid())
                    .put(DAEMON_ORPHANED, true)
                    .put(DAEMON_ORPHANS, orphans.size())
                    .put(DAEMON_ORPHAN_RSS, orphanRss)
                    .put(PYTHON_WORKERS, table.childrenOf(d.pid()).size());
            out.add(sink.build(Optional.of(app)));
        }
        return out;
    }

    /**
     * Cores of an executor whose command line and properties do not say: spark.executor.cores has no
     * single default (1 on YARN and Kubernetes, every core of the worker on a standalone cluster), so the least.
     */
    private static final int EXECUTOR_CORES_AT_LEAST = 1;

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
        long pythonRss = python.stream().mapToLong(p -> p.process().rssOrZero()).sum();
        long maxWorker = workers.stream().mapToLong(p -> p.process().rssOrZero()).max().orElse(0);

        // the JVM's own -Xmx is exact; else what the snapshot shows of the heap
        long heap = DriverHeapSize.xmx(jvm.process().commandLine())
                .orElseGet(() -> driver ? ctx.driverHeap().bytes() : ctx.settings().bytes("spark.executor.memory"));
        long overhead = ctx.overhead(driver ? "driver" : "executor", heap).bytes();
        long pysparkMemory = ctx.settings().pysparkMemory();
        long limit = heap + overhead + (driver ? 0 : pysparkMemory);

        sink.put(PID, jvm.pid()).put(IS_DRIVER, driver)
                .put(JVM_RSS, jvm.process().rssOrZero())
                .put(RSS_TOTAL, g.totalRssBytes())
                .put(PYTHON_WORKERS, workers.size());
        // a local-mode driver runs in no container: nothing kills it at memory + overhead, so there is no limit to near
        if (!(driver && SparkMaster.of(ctx).map(SparkMaster::local).orElse(false))) {
            sink.put(MEMORY_LIMIT, limit).put(RSS_FRACTION_OF_LIMIT, FactSink.ratio(g.totalRssBytes(), limit));
        }
        if (python.isEmpty()) {
            return;
        }
        int cores = Math.max(1, jvm.executorArgs().flatMap(a -> a.cores().isPresent()
                ? Optional.of(a.cores().getAsInt()) : Optional.empty()).orElse((int) ctx.settings().whole("spark.executor.cores").orElse(EXECUTOR_CORES_AT_LEAST)));
        sink.put(PYTHON_RSS, pythonRss).put(PYTHON_WORKER_RSS_MAX, maxWorker)
                .put(PYTHON_MEMORY_SUGGESTED, Math.max(512 * AppContext.MIB, maxWorker * Math.max(cores, workers.size()) * 1.25));
        if (pysparkMemory > 0 && !driver) {
            // PythonRunner gives each worker pyspark.memory / spark.executor.cores (RLIMIT_AS in worker.py)
            long perWorker = pysparkMemory / cores;
            sink.put(PYTHON_WORKER_LIMIT, perWorker)
                    .put(PYTHON_WORKER_FRACTION_OF_LIMIT, FactSink.ratio(maxWorker, perWorker));
        } else {
            // unset pyspark.memory: Python shares the overhead with other non-JVM memory (Spark's docs)
            sink.put(PYTHON_FRACTION_OF_OVERHEAD, FactSink.ratio(pythonRss, overhead));
        }
    }
}
