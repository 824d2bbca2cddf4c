package dev.sparkdoc.signals;

import java.util.List;

/**
 * Configuration facts, with Spark's defaults where the application did not set a key. Absent
 * altogether when the snapshot has no environment (then no config rule can fire).
 */
public final class ConfigSignals {

    static final long MIB = 1L << 20;
    static final long GIB = 1L << 30;

    public static final List<FactDef> FACTS = List.of(
            def("config.aqe.enabled", FactUnit.BOOLEAN, "spark.sql.adaptive.enabled (default true since Spark 3.2)"),
            def("config.aqe.skewJoin.enabled", FactUnit.BOOLEAN, "spark.sql.adaptive.skewJoin.enabled (default true)"),
            def("config.aqe.coalesce.enabled", FactUnit.BOOLEAN, "spark.sql.adaptive.coalescePartitions.enabled (default true)"),
            def("config.shuffle.partitions", FactUnit.COUNT, "spark.sql.shuffle.partitions (default 200)"),
            def("config.broadcastThreshold", FactUnit.BYTES, "spark.sql.autoBroadcastJoinThreshold; -1 = broadcast joins off (default 10 MiB)"),
            def("config.broadcastDisabled", FactUnit.BOOLEAN, "autoBroadcastJoinThreshold is -1"),
            def("config.speculation", FactUnit.BOOLEAN, "spark.speculation (default false)"),
            def("config.serializer.kryo", FactUnit.BOOLEAN, "spark.serializer is Kryo"),
            def("config.eventLog.enabled", FactUnit.BOOLEAN, "spark.eventLog.enabled (default false)"),
            def("config.processTreeMetrics.enabled", FactUnit.BOOLEAN, "spark.executor.processTreeMetrics.enabled (default false)"),
            def("config.executor.memory", FactUnit.BYTES, "spark.executor.memory (default 1g)"),
            def("config.executor.memory.larger", FactUnit.BYTES, "1.5 × spark.executor.memory: a next step up"),
            def("config.driver.memory.larger", FactUnit.BYTES, "2 × spark.driver.memory: a next step up"),
            def("config.executor.memoryOverhead", FactUnit.BYTES, "spark.executor.memoryOverhead (default max(384m, 10% of executor memory))"),
            def("config.executor.pysparkMemory", FactUnit.BYTES, "spark.executor.pyspark.memory (0 = not limited)"),
            def("config.executor.cores", FactUnit.COUNT, "spark.executor.cores (0 = not set)"),
            def("config.driver.memory", FactUnit.BYTES, "spark.driver.memory (default 1g)"),
            def("config.driver.maxResultSize", FactUnit.BYTES, "spark.driver.maxResultSize (default 1g; 0 = unlimited)"),
            def("config.localMode", FactUnit.BOOLEAN, "spark.master is local[...]"),
            def("config.dynamicAllocation", FactUnit.BOOLEAN, "spark.dynamicAllocation.enabled"));

    private ConfigSignals() {
    }

    private static FactDef def(String name, FactUnit unit, String description) {
        return new FactDef(name, ScopeKind.APP, unit, description);
    }

    static void compute(AppContext ctx, FactSink sink) {
        if (!ctx.hasConfig()) {
            return;
        }
        boolean aqeDefault = ctx.sparkVersion() == 0 || ctx.sparkVersion() >= 302;
        sink.put("config.aqe.enabled", ctx.confBool("spark.sql.adaptive.enabled", aqeDefault));
        sink.put("config.aqe.skewJoin.enabled", ctx.confBool("spark.sql.adaptive.skewJoin.enabled", true));
        sink.put("config.aqe.coalesce.enabled", ctx.confBool("spark.sql.adaptive.coalescePartitions.enabled", true));
        sink.put("config.shuffle.partitions", ctx.confLong("spark.sql.shuffle.partitions", 200));
        long threshold = ctx.confBytes("spark.sql.autoBroadcastJoinThreshold", 10 * MIB, 'b');
        sink.put("config.broadcastThreshold", threshold);
        sink.put("config.broadcastDisabled", threshold < 0);
        sink.put("config.speculation", ctx.confBool("spark.speculation", false));
        sink.put("config.serializer.kryo", ctx.conf("spark.serializer").map(s -> s.contains("Kryo")).orElse(false));
        sink.put("config.eventLog.enabled", ctx.confBool("spark.eventLog.enabled", false));
        sink.put("config.processTreeMetrics.enabled", ctx.confBool("spark.executor.processTreeMetrics.enabled", false));
        long executorMemory = ctx.confBytes("spark.executor.memory", GIB, 'm');
        sink.put("config.executor.memory", executorMemory).put("config.executor.memory.larger", executorMemory * 1.5);
        // Spark's default overhead: max(384 MiB, spark.executor.memoryOverheadFactor (0.10) × memory).
        sink.put("config.executor.memoryOverhead",
                ctx.confBytes("spark.executor.memoryOverhead", Math.max(384 * MIB, executorMemory / 10), 'm'));
        sink.put("config.executor.pysparkMemory", ctx.confBytes("spark.executor.pyspark.memory", 0, 'm'));
        sink.put("config.executor.cores", ctx.confLong("spark.executor.cores", 0));
        long driverMemory = ctx.confBytes("spark.driver.memory", GIB, 'm');
        sink.put("config.driver.memory", driverMemory).put("config.driver.memory.larger", driverMemory * 2.0);
        sink.put("config.driver.maxResultSize", ctx.confBytes("spark.driver.maxResultSize", GIB, 'b'));
        sink.put("config.localMode", ctx.conf("spark.master").map(m -> m.startsWith("local")).orElse(false));
        sink.put("config.dynamicAllocation", ctx.confBool("spark.dynamicAllocation.enabled", false));
    }
}
