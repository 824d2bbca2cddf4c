package dev.sparkdoc.firstaid;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The symptom families of the first-aid catalog (shared/FIRST-AID.md). Their ids are part of
 * sparkdoc's public output (the {@code family} of a finding): keep them stable.
 */
public final class Families {

    private static final Map<String, String> TITLES = new LinkedHashMap<>();

    static {
        TITLES.put("not-starting", "Jobs not starting");
        TITLES.put("errors-before", "Errors before execution");
        TITLES.put("errors-during", "Errors during execution");
        TITLES.put("stragglers", "Stragglers");
        TITLES.put("skew", "Data skew");
        TITLES.put("aggregations", "Slow aggregations");
        TITLES.put("joins", "Slow joins");
        TITLES.put("io", "Slow reads and writes");
        TITLES.put("driver-memory", "Driver out of memory / unresponsive");
        TITLES.put("executor-memory", "Executor out of memory / unresponsive");
        TITLES.put("spill", "Spill");
        TITLES.put("nulls", "Unexpected nulls");
        TITLES.put("disk", "No space left on disk");
        TITLES.put("serialization", "Serialization errors");
        TITLES.put("udf", "Expensive UDFs");
        TITLES.put("python", "PySpark");
        TITLES.put("config", "Configuration");
        TITLES.put("scheduling", "Scheduling overhead");
        TITLES.put("streaming", "Structured Streaming");
    }

    private Families() {
    }

    public static Map<String, String> all() {
        return java.util.Collections.unmodifiableMap(TITLES);
    }

    public static Optional<String> title(String id) {
        return Optional.ofNullable(TITLES.get(id));
    }
}
