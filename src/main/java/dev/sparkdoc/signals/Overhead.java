package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.Setting;
import java.util.Optional;

/**
 * The memory a container gets beside the heap, as Spark sizes it (ResourceProfile, YARN's
 * allocator, Kubernetes' pod builder): {@code spark.executor.memoryOverhead} (or the driver's) when
 * set; else the larger of {@code spark.executor.minMemoryOverhead} (384 MiB) and a factor of the
 * heap: {@code spark.executor.memoryOverheadFactor} (Spark 3.3+), else on Kubernetes
 * {@code spark.kubernetes.memoryOverheadFactor}, 0.1 by default.
 *
 * @param how  the derivation for people: the setting that gave it, or the formula with its inputs
 * @param factorKey the factor setting the app set itself, when the overhead came from it: the key a
 *                  fix should change on that cluster manager
 */
record Overhead(long bytes, String how, Optional<String> factorKey) {

    private static final long MIN = 384 * AppContext.MIB;

    /** @param role "executor" or "driver" */
    static Overhead of(Settings settings, String role, long heap, boolean kubernetes) {
        String key = "spark." + role + ".memoryOverhead";
        Optional<Setting> set = settings.get(key);
        // unreadable (-1): Spark would refuse it; read the default as Spark's docs give it
        long explicit = set.map(s -> SparkSizes.parse(s.value(), 'm')).orElse(-1L);
        if (explicit >= 0) {
            return new Overhead(explicit, set.get().display(), Optional.empty());
        }
        String factorKey = "spark." + role + ".memoryOverheadFactor";
        Optional<Setting> factor = settings.get(factorKey).filter(s -> !s.origin().contains("default"));
        if (factor.isEmpty() && kubernetes) {
            factorKey = "spark.kubernetes.memoryOverheadFactor";
            factor = settings.get(factorKey).filter(s -> !s.origin().contains("default"));
        }
        double f = factor.map(s -> parse(s.value())).orElse(0.1);
        long min = settings.get("spark." + role + ".minMemoryOverhead").map(s -> SparkSizes.parse(s.value(), 'm'))
                .filter(v -> v >= 0).orElse(MIN);
        long bytes = Math.max(min, (long) (f * heap));
        String source = factor.map(Setting::display).orElse("memoryOverheadFactor 0.1, Spark's default");
        String how = "max(" + ByteFormat.of(min) + ", " + FactFormat.raw(f) + " × the " + ByteFormat.of(heap) + " heap) = "
                + ByteFormat.of(bytes) + " (" + source + ")";
        return new Overhead(bytes, how, factor.isPresent() ? Optional.of(factorKey) : Optional.empty());
    }

    private static double parse(String v) {
        try {
            double d = Double.parseDouble(v.strip());
            return d > 0 ? d : 0.1;
        } catch (NumberFormatException e) {
            return 0.1;
        }
    }
}
