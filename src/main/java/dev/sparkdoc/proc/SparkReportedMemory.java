package dev.sparkdoc.proc;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import java.util.List;
import java.util.Optional;

/**
 * Every executor's memory as Spark itself measured it ({@code peakMemoryMetrics}): the only view
 * of executors on other hosts, which {@code ps} on this machine cannot see.
 *
 * @param processTreeMetricsOn false when every ProcessTree* peak is 0 or missing: Spark only
 *                             measures them with {@code spark.executor.processTreeMetrics.enabled=true}
 *                             (and only on Linux, from {@code /proc} like we do)
 */
public record SparkReportedMemory(String appId, List<ExecutorMemory> executors, boolean processTreeMetricsOn) {

    public static final String ENABLE_HINT = "Spark reports no process-tree memory (ProcessTree*RSSMemory are 0 or missing): "
            + "set spark.executor.processTreeMetrics.enabled=true (Linux executors) to see JVM and Python RSS per executor";

    /** Peaks of one executor; empty where Spark sent nothing. */
    public record ExecutorMemory(String executorId, String host, boolean active, Optional<Long> jvmRssBytes,
                                 Optional<Long> pythonRssBytes, Optional<Long> otherRssBytes, Optional<Long> jvmHeapBytes) {

        public long totalRssBytes() {
            return jvmRssBytes.orElse(0L) + pythonRssBytes.orElse(0L) + otherRssBytes.orElse(0L);
        }
    }

    public SparkReportedMemory {
        executors = List.copyOf(executors);
    }

    public static SparkReportedMemory of(AppSnapshot snapshot) {
        List<ExecutorMemory> list = snapshot.executors().stream().map(SparkReportedMemory::memory).toList();
        boolean on = list.stream().anyMatch(e -> e.totalRssBytes() > 0);
        // with the metrics off Spark sends zeros: not measured, so unknown (shown as "–"), never "0B"
        List<ExecutorMemory> known = on ? list : list.stream().map(e -> new ExecutorMemory(e.executorId(), e.host(), e.active(),
                Optional.empty(), Optional.empty(), Optional.empty(), e.jvmHeapBytes())).toList();
        return new SparkReportedMemory(snapshot.application().id(), known, on);
    }

    private static ExecutorMemory memory(Executor e) {
        return new ExecutorMemory(e.id(), e.hostPort(), e.active(), e.peak("ProcessTreeJVMRSSMemory"),
                e.peak("ProcessTreePythonRSSMemory"), e.peak("ProcessTreeOtherRSSMemory"),
                // a heap is never empty: 0 is a peak Spark did not measure (no executor metrics in the log)
                e.peak("JVMHeapMemory").filter(v -> v > 0));
    }

    public Optional<String> hint() {
        return processTreeMetricsOn ? Optional.empty() : Optional.of(ENABLE_HINT);
    }
}
