package dev.sparkdoc.rules;

import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.signals.ConfigSignals;
import dev.sparkdoc.signals.ExecutorSignals;
import dev.sparkdoc.signals.StageSignals;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Puts a remedy's settings in the keys that act where the application runs: in local mode the
 * driver is the only executor, so its heap is {@code spark.driver.memory} and container overheads,
 * executor cores, dynamic allocation, the shuffle service and decommissioning do nothing; without
 * dynamic allocation its timeouts do nothing either, unless the remedy turns it on. Where the query repartitions to a number of
 * its own, spark.sql.shuffle.partitions does not set its partitions: the number in the code does.
 * Where the app sizes executor overhead by a factor of the heap (spark.executor.memoryOverheadFactor,
 * on Kubernetes spark.kubernetes.memoryOverheadFactor), a larger overhead is that factor stepped up.
 */
final class DeploymentKeys {

    /** Settings with no effect in local mode: there is no container, no cluster, no other executor. */
    private static final List<String> NOT_LOCAL = List.of("spark.executor.memoryOverhead", "spark.driver.memoryOverhead",
            "spark.executor.cores", "spark.dynamicAllocation.", "spark.shuffle.service.enabled", "spark.decommission.",
            "spark.storage.decommission.");

    private DeploymentKeys() {
    }

    /**
     * The remedy as it acts where the app runs: its settings in the keys that act there, and under
     * the query's own repartition(n) the partition count said for the code instead of the setting.
     */
    static Remedy where(Remedy r, ScopeFacts facts) {
        Map<String, String> conf = of(r.conf(), facts);
        if (!userPartitions(r.conf(), facts)) {
            return r.withConf(conf);
        }
        String n = r.conf().get(SHUFFLE_PARTITIONS);
        return r.withText(r.text() + " (this query's repartition(n) sets them, not " + SHUFFLE_PARTITIONS + ": give it " + n + ")")
                .withConf(conf).withCode(r.code().or(() -> Optional.of("df.repartition(" + n + ")")));
    }

    /** The partition count a user's repartition(n) would need instead, when that is what the remedy asked of shuffle.partitions. */
    private static boolean userPartitions(Map<String, String> conf, ScopeFacts facts) {
        return conf.containsKey(SHUFFLE_PARTITIONS) && facts.value(StageSignals.QUERY_USER_PARTITIONS).orElse(0) == 1;
    }

    static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";
    static final String EXECUTOR_OVERHEAD = "spark.executor.memoryOverhead";

    private static Map<String, String> of(Map<String, String> conf, ScopeFacts facts) {
        boolean local = facts.value(ConfigSignals.LOCAL_MODE).orElse(0) == 1;
        boolean userPartitions = userPartitions(conf, facts);
        // a remedy that turns dynamic allocation on sets its bounds and timeouts along with it
        boolean dynamic = facts.value(ConfigSignals.DYNAMIC_ALLOCATION).orElse(1) == 1
                || "true".equalsIgnoreCase(conf.getOrDefault("spark.dynamicAllocation.enabled", "").strip());
        Map<String, String> out = new LinkedHashMap<>();
        conf.forEach((key, value) -> {
            // under the query's own repartition(n) neither the setting nor AQE's coalescing sets these partitions
            if (userPartitions && (key.equals(SHUFFLE_PARTITIONS) || key.equals("spark.sql.adaptive.coalescePartitions.enabled"))) {
                return;
            }
            Optional<String> factorKey = facts.text(ExecutorSignals.OVERHEAD_FACTOR_KEY);
            if (!local && key.equals(EXECUTOR_OVERHEAD) && factorKey.isPresent()
                    && facts.value(ExecutorSignals.OVERHEAD_SUGGESTED_FACTOR).isPresent()) {
                // the app sizes its overhead by a factor of the heap: step that factor up, in the key it set
                out.put(factorKey.get(), FactFormat.raw(facts.value(ExecutorSignals.OVERHEAD_SUGGESTED_FACTOR).getAsDouble()));
            } else if (local && key.equals("spark.executor.memory")) {
                out.putIfAbsent("spark.driver.memory", value);
            } else if (local && NOT_LOCAL.stream().anyMatch(key::startsWith)
                    || !dynamic && key.startsWith("spark.dynamicAllocation.") && !key.equals("spark.dynamicAllocation.enabled")) {
                return;
            } else {
                out.put(key, value);
            }
        });
        return out;
    }
}
