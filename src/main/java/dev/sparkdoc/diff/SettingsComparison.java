package dev.sparkdoc.diff;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.signals.AppContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the two runs were given rather than what they did: Spark properties, versions and
 * executors. Property values arrive redacted (the model never holds a secret), so a changed
 * password shows as unchanged, which is the point.
 */
final class SettingsComparison {

    /**
     * Properties that differ between any two runs of the same application: Spark sets them per
     * run (ids, start times, ports chosen at random, per-run YARN proxy settings).
     */
    static final Set<String> PER_RUN = Set.of("spark.app.id", "spark.app.startTime", "spark.app.submitTime",
            "spark.app.attempt.id", "spark.driver.port", "spark.ui.port", "spark.driver.host",
            "spark.driver.appUIAddress", "spark.blockManager.port", "spark.driver.blockManager.port",
            "spark.repl.class.uri", "spark.repl.class.outputDir", "spark.yarn.app.id", "spark.yarn.app.container.log.dir",
            "spark.app.initial.jar.urls", "spark.app.initial.file.urls", "spark.kubernetes.driver.pod.name",
            "spark.kubernetes.executor.podNamePrefix");
    private static final String YARN_PROXY = "spark.org.apache.hadoop.yarn.server.webproxy.amfilter.AmIpFilter.param.";

    private SettingsComparison() {
    }

    /** Beyond this, values are lists (JVM options, jars, paths): say which words came and went. */
    static final int LONG_VALUES = 100;

    static boolean perRun(String key) {
        return PER_RUN.contains(key) || key.startsWith(YARN_PROXY);
    }

    static List<Change> config(AppSnapshot before, AppSnapshot after) {
        Map<String, String> b = before.environment().sparkProperties();
        Map<String, String> a = after.environment().sparkProperties();
        Set<String> keys = new TreeSet<>(b.keySet());
        keys.addAll(a.keySet());
        List<Change> out = new ArrayList<>();
        for (String key : keys) {
            if (perRun(key) || Objects.equals(b.get(key), a.get(key))) {
                continue;
            }
            String title;
            if (!b.containsKey(key)) {
                title = key + " set to " + a.get(key) + " (was unset)";
            } else if (!a.containsKey(key)) {
                title = key + " unset (was " + b.get(key) + ")";
            } else if (b.get(key).length() + a.get(key).length() > LONG_VALUES) {
                title = key + " changed: " + tokenChanges(b.get(key), a.get(key));
            } else {
                title = key + " changed: " + b.get(key) + " → " + a.get(key);
            }
            out.add(Change.untimed(ChangeKind.CONFIG, title, key, List.of()));
        }
        return out;
    }

    /** "+--add-modules=jdk.incubator.vector −-Dfoo=1" for two space- or comma-separated lists. */
    static String tokenChanges(String before, String after) {
        List<String> b = List.of(before.trim().split("[\\s,]+"));
        List<String> a = List.of(after.trim().split("[\\s,]+"));
        List<String> out = new ArrayList<>();
        a.stream().filter(t -> !b.contains(t)).forEach(t -> out.add("+" + t));
        b.stream().filter(t -> !a.contains(t)).forEach(t -> out.add("−" + t));
        return out.isEmpty() ? "same words, another order" : String.join(" ", out);
    }

    static List<Change> versions(AppSnapshot before, AppSnapshot after) {
        List<Change> out = new ArrayList<>();
        version("Spark", before.application().sparkVersion(), after.application().sparkVersion(), out);
        version("Java", before.environment().javaVersion(), after.environment().javaVersion(), out);
        version("Scala", before.environment().scalaVersion(), after.environment().scalaVersion(), out);
        return out;
    }

    private static void version(String what, Optional<String> b, Optional<String> a, List<Change> out) {
        // Spark reports Scala as "version 2.13.16"
        Optional<String> vb = b.map(v -> v.replaceFirst("^version ", ""));
        Optional<String> va = a.map(v -> v.replaceFirst("^version ", ""));
        if (vb.isPresent() && va.isPresent() && !vb.equals(va)) {
            out.add(Change.untimed(ChangeKind.VERSION, what + " " + vb.get() + " → " + va.get(), what.toLowerCase(java.util.Locale.ROOT),
                    List.of()));
        }
    }

    /** Executor count, task slots, cores and storage memory per executor (the driver in local mode). */
    static Optional<Change> executors(AppSnapshot before, AppSnapshot after) {
        List<String> details = new ArrayList<>();
        long nb = workers(before).size();
        long na = workers(after).size();
        if (nb != na) {
            details.add("executors: " + nb + " → " + na);
        }
        int sb = AppContext.of(before).slots();
        int sa = AppContext.of(after).slots();
        if (sb != sa) {
            details.add("task slots: " + sb + " → " + sa);
        }
        int cb = typical(before, true);
        int ca = typical(after, true);
        if (cb != ca) {
            details.add("cores per executor: " + cb + " → " + ca);
        }
        int mb = typical(before, false);
        int ma = typical(after, false);
        if (mb != ma) {
            details.add("storage memory per executor: " + ByteFormat.of(mb * (double) (1 << 20)) + " → "
                    + ByteFormat.of(ma * (double) (1 << 20)));
        }
        if (details.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Change.untimed(ChangeKind.EXECUTORS, "executors changed: " + String.join("; ", details),
                "executors", List.of()));
    }

    private static List<Executor> workers(AppSnapshot s) {
        List<Executor> w = s.executors().stream().filter(e -> !e.isDriver()).toList();
        return w.isEmpty() ? s.executors() : w;   // local mode: the driver is the executor
    }

    /** The most common cores (or storage MiB) among the executors: one odd executor is not a change of size. */
    private static int typical(AppSnapshot s, boolean cores) {
        Map<Integer, Long> counts = new java.util.TreeMap<>();
        for (Executor e : workers(s)) {
            int v = cores ? e.totalCores() : (int) (e.maxMemory() >> 20);
            counts.merge(v, 1L, Long::sum);
        }
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(0);
    }
}
