package dev.sparkdoc.signals;

import dev.sparkdoc.model.Executor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Facts about one executor (or the driver): GC, heap and process memory against limits, loss. */
public final class ExecutorSignals {

    public static final List<FactDef> FACTS = new ArrayList<>();

    static {
        def("executor.isDriver", FactUnit.BOOLEAN, "this is the driver");
        def("executor.active", FactUnit.BOOLEAN, "the executor is alive");
        def("executor.cores", FactUnit.COUNT, "cores");
        def("executor.taskTime", FactUnit.MS, "total task time on this executor");
        def("executor.tasks.completed", FactUnit.COUNT, "tasks completed");
        def("executor.tasks.failed", FactUnit.COUNT, "tasks failed");
        def("executor.tasks.failureRate", FactUnit.FRACTION, "failed / (failed + completed) tasks");
        def("executor.gc.time", FactUnit.MS, "GC time of tasks on this executor");
        def("executor.gc.fraction", FactUnit.FRACTION, "GC time / task time");
        def("executor.gc.secondsLost", FactUnit.SECONDS, "GC time spread over the executor's cores");
        def("executor.heap.peak", FactUnit.BYTES, "peak JVM heap used (JVMHeapMemory)");
        def("executor.heap.max", FactUnit.BYTES, "heap size: spark.executor.memory, or spark.driver.memory for the driver");
        def("executor.heap.peakFraction", FactUnit.FRACTION, "peak heap / heap size");
        def("executor.heap.suggested", FactUnit.BYTES, "a heap size with room: peak × 1.5, at least 1 GiB");
        def("executor.storage.usedFraction", FactUnit.FRACTION, "storage memory used / available");
        def("executor.rss.jvm", FactUnit.BYTES, "peak RSS of the JVM process (ProcessTreeJVMRSSMemory)");
        def("executor.rss.python", FactUnit.BYTES, "peak RSS of Python workers (ProcessTreePythonRSSMemory)");
        def("executor.rss.total", FactUnit.BYTES, "peak RSS of the JVM, Python and other child processes");
        def("executor.memoryLimit", FactUnit.BYTES, "container limit: heap + overhead + pyspark memory");
        def("executor.rss.fractionOfLimit", FactUnit.FRACTION, "process-tree RSS / container limit");
        def("executor.overhead.suggested", FactUnit.BYTES, "a larger memoryOverhead: 1.5 × today's, or the non-heap RSS seen with 25% room if more");
        def("executor.removed", FactUnit.BOOLEAN, "the executor was removed");
        def("executor.lost.memory", FactUnit.BOOLEAN, "removed for memory: OutOfMemoryError, killed for exceeding memory limits, exit 137/143");
        def("executor.lost.failure", FactUnit.BOOLEAN, "removed for a failure (not idle or decommission)");
        def("executor.excluded", FactUnit.BOOLEAN, "excluded (blacklisted) for failures");
        def("executor.removeReason", FactUnit.TEXT, "Spark's removal reason");
        def("executor.host", FactUnit.TEXT, "host");
        def("executor.failures.secondsLost", FactUnit.SECONDS, "failed tasks × average task time, over the cores");
    }

    private ExecutorSignals() {
    }

    private static void def(String name, FactUnit unit, String description) {
        FACTS.add(new FactDef(name, ScopeKind.EXECUTOR, unit, description));
    }

    static Scope scope(Executor e) {
        return new Scope(ScopeKind.EXECUTOR, e.id(), e.hostPort());
    }

    static void compute(AppContext ctx, Executor e, FactSink sink) {
        sink.put("executor.isDriver", e.isDriver())
                .put("executor.active", e.active())
                .put("executor.cores", e.totalCores())
                .put("executor.taskTime", e.totalDurationMs())
                .put("executor.tasks.completed", e.completedTasks())
                .put("executor.tasks.failed", e.failedTasks())
                .put("executor.tasks.failureRate", FactSink.ratio(e.failedTasks(), e.failedTasks() + e.completedTasks()))
                .put("executor.gc.time", e.totalGcTimeMs())
                .put("executor.gc.fraction", FactSink.ratio(e.totalGcTimeMs(), e.totalDurationMs()))
                .put("executor.gc.secondsLost", e.totalGcTimeMs() / 1000.0 / Math.max(1, e.totalCores()))
                .put("executor.failures.secondsLost", e.failedTasks() * ((double) e.totalDurationMs() / Math.max(1, e.totalTasks()))
                        / 1000.0 / Math.max(1, e.totalCores()))
                .put("executor.storage.usedFraction", FactSink.ratio(e.memoryUsed(), e.maxMemory()))
                .put("executor.removed", e.removeTime().isPresent() || e.removeReason().isPresent())
                .put("executor.lost.failure", AppSignals.lostForAFailure(e))
                .put("executor.excluded", e.excluded())
                .text("executor.host", e.host());
        e.removeReason().ifPresent(r -> {
            sink.text("executor.removeReason", r);
            FailureKind kind = FailureKind.classify("ExecutorLost", r);
            sink.put("executor.lost.memory", kind == FailureKind.OOM || kind == FailureKind.CONTAINER_KILLED
                    || r.toLowerCase(Locale.ROOT).contains("memory"));
        });
        memory(ctx, e, sink);
    }

    private static void memory(AppContext ctx, Executor e, FactSink sink) {
        long heapMax = e.isDriver()
                ? ctx.confBytes("spark.driver.memory", ConfigSignals.GIB, 'm')
                : ctx.confBytes("spark.executor.memory", ConfigSignals.GIB, 'm');
        sink.put("executor.heap.max", heapMax);
        e.peak("JVMHeapMemory").filter(v -> v > 0).ifPresent(peak -> sink.put("executor.heap.peak", peak)
                .put("executor.heap.peakFraction", FactSink.ratio(peak, heapMax))
                .put("executor.heap.suggested", Math.max(ConfigSignals.GIB, peak * 1.5)));
        long overhead = ctx.confBytes("spark.executor.memoryOverhead", Math.max(384 * ConfigSignals.MIB, heapMax / 10), 'm');
        long jvmRss = e.peak("ProcessTreeJVMRSSMemory").orElse(0L);
        long pyRss = e.peak("ProcessTreePythonRSSMemory").orElse(0L);
        long otherRss = e.peak("ProcessTreeOtherRSSMemory").orElse(0L);
        // ProcessTree* stay 0 unless spark.executor.processTreeMetrics.enabled=true (Linux only).
        if (jvmRss + pyRss + otherRss == 0) {
            sink.put("executor.overhead.suggested", suggestedOverhead(overhead, 0));
            return;
        }
        long pyspark = ctx.confBytes("spark.executor.pyspark.memory", 0, 'm');
        long limit = heapMax + overhead + pyspark;
        long total = jvmRss + pyRss + otherRss;
        sink.put("executor.rss.jvm", jvmRss).put("executor.rss.python", pyRss).put("executor.rss.total", total)
                .put("executor.memoryLimit", limit)
                .put("executor.rss.fractionOfLimit", FactSink.ratio(total, limit))
                .put("executor.overhead.suggested", suggestedOverhead(overhead, total - heapMax));
    }

    /**
     * A memoryOverhead for an executor that hit its limit: always a step up (1.5 × today's), and
     * enough for the non-heap RSS seen with 25% room. Sizing to the RSS alone could propose less
     * than today's overhead when the heap was not full.
     */
    static double suggestedOverhead(long currentOverhead, long nonHeapRss) {
        return Math.max(384 * ConfigSignals.MIB, Math.max(currentOverhead * 1.5, nonHeapRss * 1.25));
    }
}
