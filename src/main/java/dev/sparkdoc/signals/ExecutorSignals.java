package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Executor;
import java.util.Locale;
import java.util.OptionalDouble;

/** Facts about one executor (or the driver): GC, heap and process memory against limits, loss. */
public final class ExecutorSignals {

    public static final FactList FACTS = new FactList(ScopeKind.EXECUTOR);
    public static final Fact IS_DRIVER = FACTS.flag("executor.isDriver", "this is the driver");
    public static final Fact CORES = FACTS.count("executor.cores", "cores");
    public static final Fact TASK_TIME = FACTS.ms("executor.taskTime", "total task time on this executor");
    public static final Fact TASKS_FAILED = FACTS.count("executor.tasks.failed", "tasks failed");
    public static final Fact GC_TIME = FACTS.ms("executor.gc.time", "GC time of tasks on this executor");
    public static final Fact GC_FRACTION = FACTS.fraction("executor.gc.fraction", "GC time / task time");
    public static final Fact GC_SECONDS_LOST = FACTS.seconds("executor.gc.secondsLost",
            "wall time the executor's JVM spent in GC: its own GC counters (MinorGCTime + MajorGCTime) when Spark sent them, "
                    + "else the tasks' GC time over the cores (concurrent tasks each count one shared pause)");
    public static final Fact GC_FRACTION_OF_LIFE = FACTS.fraction("executor.gc.fractionOfLife",
            "that GC wall time / the executor's lifetime (from it was added to it was removed, or now)");
    public static final Fact GC_SHARE = FACTS.text("executor.gc.share",
            "the GC share for a title: of the finished tasks' time (\"20% of its task time\"), else, while no task has"
                    + " finished, of the executor's life so far (\"45% of its life so far\")");
    public static final Fact GC_FRACTION_NO_TASK_YET = FACTS.fraction("executor.gc.fractionOfLifeNoTaskYet",
            "executor.gc.fractionOfLife while none of its tasks has finished (the tasks' own GC time is not known yet); "
                    + "not for the driver, whose JVM may predate the application");
    public static final Fact GC_MAJOR_COUNT = FACTS.count("executor.gc.major.count", "major (old-generation) collections (MajorGCCount)");
    public static final Fact GC_MAJOR_TIME = FACTS.ms("executor.gc.major.time", "time in major collections (MajorGCTime)");
    public static final Fact FAILURES_SECONDS_LOST = FACTS.seconds("executor.failures.secondsLost",
            "failed tasks × average task time, over the cores");
    public static final Fact HEAP_PEAK = FACTS.bytes("executor.heap.peak", "peak JVM heap used (JVMHeapMemory)");
    public static final Fact HEAP_MAX = FACTS.bytes("executor.heap.max",
            "heap size: spark.executor.memory, or spark.driver.memory for the driver");
    public static final Fact HEAP_PEAK_FRACTION = FACTS.fraction("executor.heap.peakFraction", "peak heap / heap size");
    public static final Fact HEAP_SUGGESTED = FACTS.bytes("executor.heap.suggested", "a heap size with room: peak × 1.5, at least 1 GiB");
    public static final Fact HEAP_SUGGESTED_HOW = FACTS.text("executor.heap.suggested.how", "how executor.heap.suggested was reached");
    public static final Fact RSS_JVM = FACTS.bytes("executor.rss.jvm", "peak RSS of the JVM process (ProcessTreeJVMRSSMemory)");
    public static final Fact RSS_PYTHON = FACTS.bytes("executor.rss.python", "peak RSS of Python workers (ProcessTreePythonRSSMemory)");
    public static final Fact RSS_TOTAL = FACTS.bytes("executor.rss.total", "peak RSS of the JVM, Python and other child processes");
    public static final Fact MEMORY_LIMIT = FACTS.bytes("executor.memoryLimit", "container limit: heap + overhead + pyspark memory");
    public static final Fact RSS_FRACTION_OF_LIMIT = FACTS.fraction("executor.rss.fractionOfLimit", "process-tree RSS / container limit");
    public static final Fact OVERHEAD_SUGGESTED = FACTS.bytes("executor.overhead.suggested",
            "a larger memoryOverhead: 1.5 × today's, or the non-heap RSS seen with 25% room if more");
    public static final Fact OVERHEAD_HOW = FACTS.text("executor.overhead.how",
            "how the overhead in force and the suggested one were reached: the setting or formula, then the step up");
    public static final Fact OVERHEAD_FACTOR_KEY = FACTS.text("executor.overhead.factorKey",
            "the overhead factor setting the app set itself (spark.executor.memoryOverheadFactor, on Kubernetes"
                    + " spark.kubernetes.memoryOverheadFactor), when the overhead came from it: the key a fix changes");
    public static final Fact OVERHEAD_SUGGESTED_FACTOR = FACTS.ratio("executor.overhead.suggestedFactor",
            "the suggested overhead as a factor of the heap, rounded up to 0.05: for apps that size overhead by factor");
    public static final Fact LOST_MEMORY = FACTS.flag("executor.lost.memory",
            "removed for memory: OutOfMemoryError, killed for exceeding memory limits, exit 137/143");
    public static final Fact REMOVE_REASON = FACTS.text("executor.removeReason", "Spark's removal reason");

    private ExecutorSignals() {
    }

    static Scope scope(Executor e) {
        return new Scope(ScopeKind.EXECUTOR, e.id(), e.hostPort());
    }

    static void compute(AppContext ctx, Executor e, FactSink sink) {
        sink.put(IS_DRIVER, e.isDriver())
                .put(CORES, e.totalCores())
                .put(TASK_TIME, e.totalDurationMs())
                .put(TASKS_FAILED, e.failedTasks())
                .put(GC_TIME, e.totalGcTimeMs())
                .put(GC_FRACTION, FactSink.ratio(e.totalGcTimeMs(), e.totalDurationMs()))
                .put(GC_SECONDS_LOST, gcWallMs(e) / 1000.0)
                .put(FAILURES_SECONDS_LOST, e.failedTasks() * ((double) e.totalDurationMs() / Math.max(1, e.totalTasks()))
                        / 1000.0 / Math.max(1, e.totalCores()));
        OptionalDouble ofLife = OptionalDouble.empty();
        if (e.addTime().isPresent()) {
            long life = java.time.Duration.between(e.addTime().get(), e.removeTime().orElse(ctx.now())).toMillis();
            if (life > 0) {
                ofLife = OptionalDouble.of(Math.min(1.0, gcWallMs(e) / (double) life));
                sink.put(GC_FRACTION_OF_LIFE, ofLife.getAsDouble());
            }
        }
        // live, a running task's GC shows in the JVM's counters (heartbeats) long before the task's own metrics
        if (e.totalDurationMs() > 0) {
            sink.text(GC_SHARE, FactFormat.human((double) e.totalGcTimeMs() / e.totalDurationMs(), FactUnit.FRACTION) + " of its task time");
        } else if (ofLife.isPresent() && !e.isDriver()) {
            // an executor's JVM starts with it; the driver's (the executor in local mode) may have run
            // long before, and its GC counters count from the JVM's start, not the application's
            sink.put(GC_FRACTION_NO_TASK_YET, ofLife.getAsDouble());
            sink.text(GC_SHARE, FactFormat.human(ofLife.getAsDouble(), FactUnit.FRACTION) + " of its life so far");
        }
        e.peak("MajorGCCount").ifPresent(n -> sink.put(GC_MAJOR_COUNT, n));
        e.peak("MajorGCTime").ifPresent(ms -> sink.put(GC_MAJOR_TIME, ms));
        e.removeReason().ifPresent(r -> {
            sink.text(REMOVE_REASON, r);
            FailureKind kind = FailureKind.classify("ExecutorLost", r);
            sink.put(LOST_MEMORY, kind == FailureKind.OOM || kind == FailureKind.CONTAINER_KILLED
                    || r.toLowerCase(Locale.ROOT).contains("memory"));
        });
        memory(ctx, e, sink);
    }

    /**
     * The JVM's own GC time counts each pause once; the tasks' GC time ({@code jvmGcTime}) is the
     * JVM's GC time during each task, so with four tasks running a pause is counted four times.
     * Spark's GC counters are cumulative, so their "peak" is the total.
     */
    static long gcWallMs(Executor e) {
        var minor = e.peak("MinorGCTime");
        var major = e.peak("MajorGCTime");
        if (minor.isPresent() || major.isPresent()) {
            long jvm = minor.orElse(0L) + major.orElse(0L);
            if (jvm > 0) {
                return jvm;
            }
        }
        return e.totalGcTimeMs() / Math.max(1, e.totalCores());
    }

    private static void memory(AppContext ctx, Executor e, FactSink sink) {
        long heapMax = e.isDriver() ? ctx.driverHeap().bytes() : ctx.settings().bytes("spark.executor.memory");
        long heapPeak = e.peak("JVMHeapMemory").orElse(0L);
        // A peak above the heap size means the size is not what ran (Databricks and others set the
        // heap outside the Spark properties, so Spark's 1g default is read): the size is unknown,
        // and the rules that compare against it stay silent rather than report "17 GiB of 1 GiB".
        if (heapPeak <= heapMax) {
            sink.put(HEAP_MAX, heapMax);
        }
        if (heapPeak > 0) {
            double suggested = Math.max(AppContext.GIB, heapPeak * 1.5);
            sink.put(HEAP_PEAK, heapPeak).put(HEAP_SUGGESTED, suggested)
                    .text(HEAP_SUGGESTED_HOW, "1.5 × the " + ByteFormat.of(heapPeak) + " peak heap"
                            + (suggested > heapPeak * 1.5 ? ", at least 1.0 GiB" : "") + " = " + ByteFormat.of(suggested));
            if (heapPeak <= heapMax) {
                sink.put(HEAP_PEAK_FRACTION, FactSink.ratio(heapPeak, heapMax));
            }
        }
        Overhead overhead = ctx.overhead("executor", heapMax);
        long jvmRss = e.peak("ProcessTreeJVMRSSMemory").orElse(0L);
        long pyRss = e.peak("ProcessTreePythonRSSMemory").orElse(0L);
        long otherRss = e.peak("ProcessTreeOtherRSSMemory").orElse(0L);
        // ProcessTree* stay 0 unless spark.executor.processTreeMetrics.enabled=true (Linux only).
        long total = jvmRss + pyRss + otherRss;
        suggestOverhead(overhead, heapMax, total == 0 ? 0 : total - heapMax, sink);
        if (total == 0) {
            return;
        }
        long limit = heapMax + overhead.bytes() + ctx.settings().pysparkMemory();
        sink.put(RSS_JVM, jvmRss).put(RSS_PYTHON, pyRss).put(RSS_TOTAL, total)
                .put(MEMORY_LIMIT, limit)
                .put(RSS_FRACTION_OF_LIMIT, FactSink.ratio(total, limit));
    }

    /** The suggested overhead with its derivation, and as a factor of the heap where the app sizes it so. */
    private static void suggestOverhead(Overhead now, long heap, long nonHeapRss, FactSink sink) {
        double suggested = suggestedOverhead(now.bytes(), nonHeapRss);
        String step = nonHeapRss * 1.25 > now.bytes() * 1.5
                ? "the " + ByteFormat.of(nonHeapRss) + " of process memory past the heap + 25% = " + ByteFormat.of(suggested)
                : "1.5 × that = " + ByteFormat.of(suggested);
        sink.put(OVERHEAD_SUGGESTED, suggested).text(OVERHEAD_HOW, "overhead now " + now.how() + "; " + step);
        now.factorKey().ifPresent(key -> sink.text(OVERHEAD_FACTOR_KEY, key)
                .put(OVERHEAD_SUGGESTED_FACTOR, Math.ceil(suggested / Math.max(1, heap) * 20) / 20));
    }

    /**
     * A memoryOverhead for an executor that hit its limit: always a step up (1.5 × today's), and
     * enough for the non-heap RSS seen with 25% room. Sizing to the RSS alone could propose less
     * than today's overhead when the heap was not full.
     */
    static double suggestedOverhead(long currentOverhead, long nonHeapRss) {
        return Math.max(384 * AppContext.MIB, Math.max(currentOverhead * 1.5, nonHeapRss * 1.25));
    }
}
