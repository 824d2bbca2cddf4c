package dev.sparkdoc.signals;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code spark.master} says about where tasks run and how often a failed one is retried.
 * {@code local-cluster[N,C,M]} starts a standalone master and N workers with executors of
 * their own: a cluster, not local mode, although its name starts with "local".
 */
record SparkMaster(String url) {

    /** local, local[N], local[*], local[N,F], local[*,F] (SparkMasterRegex in SparkContext). */
    private static final Pattern LOCAL = Pattern.compile("local(?:\\[(?:\\d+|\\*)(?:\\s*,\\s*(\\d+))?])?");

    static Optional<SparkMaster> of(AppContext ctx) {
        return ctx.settings().get("spark.master").map(m -> new SparkMaster(m.value()));
    }

    /** The driver is the only executor: {@code local} or {@code local[...]}, never {@code local-cluster[...]}. */
    boolean local() {
        return LOCAL.matcher(url).matches();
    }

    /** YARN runs the executors: {@code yarn} (with {@code yarn-client}, {@code yarn-cluster} of Spark 1.x). */
    boolean yarn() {
        return url.startsWith("yarn");
    }

    /**
     * How many times Spark tries a task before it fails the job: once in {@code local[N]}, F times
     * in {@code local[N,F]}; on a cluster spark.task.maxFailures (4). Empty when not known.
     */
    OptionalInt taskAttempts(AppContext ctx) {
        Matcher m = LOCAL.matcher(url);
        if (m.matches()) {
            return OptionalInt.of(m.group(1) == null ? 1 : Integer.parseInt(m.group(1)));
        }
        long configured = ctx.settings().integer("spark.task.maxFailures");
        return configured > 0 ? OptionalInt.of((int) Math.min(configured, Integer.MAX_VALUE)) : OptionalInt.empty();
    }
}
