package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.Setting;
import java.util.Optional;

/**
 * Configuration facts, with Spark's defaults where the application did not set a key. Absent
 * altogether when the snapshot has no environment (then no config rule can fire).
 */
public final class ConfigSignals {

    public static final FactList FACTS = new FactList(ScopeKind.APP);
    public static final Fact AQE_ENABLED = FACTS.flag("config.aqe.enabled", "spark.sql.adaptive.enabled (default true since Spark 3.2)");
    public static final Fact AQE_COALESCE_ENABLED = FACTS.flag("config.aqe.coalesce.enabled",
            "spark.sql.adaptive.coalescePartitions.enabled (default true)");
    public static final Fact SHUFFLE_PARTITIONS = FACTS.count("config.shuffle.partitions", "spark.sql.shuffle.partitions (default 200)");
    public static final Fact BROADCAST_THRESHOLD = FACTS.bytes("config.broadcastThreshold",
            "spark.sql.autoBroadcastJoinThreshold; -1 = broadcast joins off (default 10 MiB)");
    public static final Fact BROADCAST_DISABLED = FACTS.flag("config.broadcastDisabled", "autoBroadcastJoinThreshold is -1");
    public static final Fact EVENT_LOG_ENABLED = FACTS.flag("config.eventLog.enabled", "spark.eventLog.enabled (default false)");
    public static final Fact PROCESS_TREE_METRICS_ENABLED = FACTS.flag("config.processTreeMetrics.enabled",
            "spark.executor.processTreeMetrics.enabled (default false)");
    public static final Fact EXECUTOR_MEMORY = FACTS.bytes("config.executor.memory", "spark.executor.memory (default 1g)");
    public static final Fact EXECUTOR_MEMORY_LARGER = FACTS.bytes("config.executor.memory.larger",
            "1.5 × spark.executor.memory: a next step up");
    public static final Fact DRIVER_MEMORY_LARGER = FACTS.bytes("config.driver.memory.larger", "2 × spark.driver.memory: a next step up");
    public static final Fact EXECUTOR_MEMORY_HOW = FACTS.text("config.executor.memory.how",
            "how config.executor.memory.larger was reached: 1.5 × the heap in force, with its setting and origin");
    public static final Fact EXECUTOR_MEMORY_SMALLER = FACTS.bytes("config.executor.memory.smaller",
            "half of spark.executor.memory, at least 1 GiB: an executor a node is likelier to grant");
    public static final Fact EXECUTOR_MEMORY_SMALLER_HOW = FACTS.text("config.executor.memory.smaller.how",
            "how config.executor.memory.smaller was reached");
    public static final Fact EXECUTOR_CORES_SMALLER = FACTS.count("config.executor.cores.smaller",
            "half of spark.executor.cores where it asks more than one (on a standalone cluster, unset: every core of a worker): 1 or more");
    public static final Fact EXECUTOR_CORES_SMALLER_HOW = FACTS.text("config.executor.cores.smaller.how",
            "how config.executor.cores.smaller was reached");
    public static final Fact DRIVER_MEMORY_HOW = FACTS.text("config.driver.memory.how",
            "how config.driver.memory.larger was reached: 2 × the driver heap in force, with its setting and origin");
    public static final Fact EXECUTOR_MEMORY_OVERHEAD = FACTS.bytes("config.executor.memoryOverhead",
            "spark.executor.memoryOverhead (default max(384m, 10% of executor memory))");
    public static final Fact EXECUTOR_PYSPARK_MEMORY = FACTS.bytes("config.executor.pysparkMemory",
            "spark.executor.pyspark.memory (0 = not limited)");
    public static final Fact DRIVER_MEMORY = FACTS.bytes("config.driver.memory",
            "the driver's heap: spark.driver.memory (default 1g), or its block manager's memory where the JVM was sized otherwise");
    public static final Fact DRIVER_MAX_RESULT_SIZE = FACTS.bytes("config.driver.maxResultSize",
            "spark.driver.maxResultSize (default 1g; 0 = unlimited)");
    public static final Fact DYNAMIC_ALLOCATION = FACTS.flag("config.dynamicAllocation.enabled",
            "spark.dynamicAllocation.enabled (default false)");
    public static final Fact DYNAMIC_AT_MAX = FACTS.flag("config.dynamicAllocation.atMax",
            "dynamic allocation is on and as many executors are alive as spark.dynamicAllocation.maxExecutors allows");
    public static final Fact DYNAMIC_HOW = FACTS.text("config.dynamicAllocation.how",
            "dynamic allocation's state: executors alive against its minimum and maximum, each with its origin");
    public static final Fact LOCAL_MODE = FACTS.flag("config.localMode",
            "spark.master is local or local[...]: the driver is the only executor (local-cluster[...] is a cluster)");
    public static final Fact YARN = FACTS.flag("config.yarn",
            "spark.master is yarn: YARN's external shuffle service and push-based shuffle (Spark 3.2+) are there to turn on");

    private ConfigSignals() {
    }

    static void compute(AppContext ctx, FactSink sink) {
        if (!ctx.hasConfig()) {
            return;
        }
        session(ctx.settings(), sink);
        sink.put(EVENT_LOG_ENABLED, ctx.settings().bool("spark.eventLog.enabled"));
        sink.put(PROCESS_TREE_METRICS_ENABLED, ctx.settings().bool("spark.executor.processTreeMetrics.enabled"));
        sink.put(DYNAMIC_ALLOCATION, ctx.settings().bool("spark.dynamicAllocation.enabled"));
        if (ctx.settings().bool("spark.dynamicAllocation.enabled")) {
            dynamicAllocation(ctx, sink);
        }
        boolean local = SparkMaster.of(ctx).map(SparkMaster::local).orElse(false);
        // in local mode the driver is the executor: its heap is spark.driver.memory
        DriverHeapSize driverHeap = ctx.driverHeap();
        long executorMemory = local ? driverHeap.bytes() : ctx.settings().bytes("spark.executor.memory");
        sink.put(EXECUTOR_MEMORY, executorMemory).put(EXECUTOR_MEMORY_LARGER, executorMemory * 1.5)
                .text(EXECUTOR_MEMORY_HOW, "1.5 × " + (local ? driverHeap.how() : memory(ctx, "spark.executor.memory", executorMemory))
                        + " = " + ByteFormat.of(executorMemory * 1.5));
        sink.put(EXECUTOR_MEMORY_OVERHEAD, ctx.overhead("executor", executorMemory).bytes());
        sink.put(EXECUTOR_PYSPARK_MEMORY, ctx.settings().pysparkMemory());
        if (!local) {
            smallerExecutors(ctx, executorMemory, sink);
        }
        long driverMemory = driverHeap.bytes();
        sink.put(DRIVER_MEMORY, driverMemory).put(DRIVER_MEMORY_LARGER, driverMemory * 2.0)
                .text(DRIVER_MEMORY_HOW, "2 × " + driverHeap.how() + " = " + ByteFormat.of(driverMemory * 2.0));
        sink.put(DRIVER_MAX_RESULT_SIZE, ctx.settings().bytes("spark.driver.maxResultSize"));
        sink.put(LOCAL_MODE, local).put(YARN, SparkMaster.of(ctx).map(SparkMaster::yarn).orElse(false));
    }

    /** Where dynamic allocation stands: executors alive against its bounds; at the maximum, a larger one. */
    private static void dynamicAllocation(AppContext ctx, FactSink sink) {
        long alive = ctx.snapshot().executors().stream().filter(e -> !e.isDriver() && e.active()).count();
        Optional<Setting> max = ctx.settings().get("spark.dynamicAllocation.maxExecutors");
        long limit = ctx.settings().whole("spark.dynamicAllocation.maxExecutors").orElse(Long.MAX_VALUE);
        boolean atMax = limit != Long.MAX_VALUE && alive >= limit;
        sink.put(DYNAMIC_AT_MAX, atMax);
        String bound = max.map(Setting::display).orElse("spark.dynamicAllocation.maxExecutors unset (no limit)");
        sink.text(DYNAMIC_HOW, "dynamic allocation is on: " + alive + " executor(s) alive"
                + (atMax ? ", at its maximum " : ", under ") + bound
                + ctx.settings().get("spark.dynamicAllocation.minExecutors").map(m -> "; " + m.display()).orElse(""));
    }

    /** Executors a cluster is likelier to grant: half the memory and half the cores asked, with how. */
    private static void smallerExecutors(AppContext ctx, long memory, FactSink sink) {
        long half = Math.max(AppContext.GIB, memory / 2 / AppContext.MIB * AppContext.MIB);
        sink.put(EXECUTOR_MEMORY_SMALLER, half).text(EXECUTOR_MEMORY_SMALLER_HOW, "half of "
                + memory(ctx, "spark.executor.memory", memory) + (half > memory / 2 ? ", at least 1.0 GiB" : "") + " = "
                + ByteFormat.of(half));
        Optional<Setting> cores = ctx.settings().get("spark.executor.cores");
        long asked = ctx.settings().whole("spark.executor.cores").orElse(0L);
        if (asked > 1) {
            sink.put(EXECUTOR_CORES_SMALLER, asked / 2)
                    .text(EXECUTOR_CORES_SMALLER_HOW, "half of " + cores.get().display() + " = " + asked / 2);
        } else if (cores.isEmpty() && ctx.settings().get("spark.master").map(m -> m.value().startsWith("spark://")).orElse(false)) {
            sink.put(EXECUTOR_CORES_SMALLER, 1).text(EXECUTOR_CORES_SMALLER_HOW,
                    "spark.executor.cores is unset: on a standalone cluster an executor takes every core of its worker; 1 each");
        }
    }

    /** {@code spark.executor.memory = 4g (set by the app)}, or the size with Spark's default. */
    private static String memory(AppContext ctx, String key, long bytes) {
        return ctx.settings().get(key).map(Setting::display).orElse(key + " = " + ByteFormat.of(bytes));
    }

    /**
     * The SQL session's settings, which a query can change for itself ({@code spark.conf.set}):
     * computed for the app and again for every query that ran with its own values.
     */
    static void session(Settings settings, FactSink sink) {
        // AQE has been on by default since 3.2; of an unknown version, assume a current one
        sink.put(AQE_ENABLED, settings.bool("spark.sql.adaptive.enabled", true));
        sink.put(AQE_COALESCE_ENABLED, settings.bool("spark.sql.adaptive.coalescePartitions.enabled", true));
        sink.put(SHUFFLE_PARTITIONS, (long) settings.number("spark.sql.shuffle.partitions", 200));
        long threshold = settings.bytes("spark.sql.autoBroadcastJoinThreshold", 10 * AppContext.MIB);
        sink.put(BROADCAST_THRESHOLD, threshold);
        sink.put(BROADCAST_DISABLED, threshold < 0);
    }
}
