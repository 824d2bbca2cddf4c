package dev.sparkdoc.model;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * An executor, or the driver (id {@code "driver"}; in local mode the only executor).
 *
 * @param peakMemoryMetrics Spark's ExecutorMetrics peaks by name (JVMHeapMemory,
 *                          ProcessTreePythonRSSMemory, MajorGCTime, …); empty when Spark sent none
 */
public record Executor(
        String id,
        String hostPort,
        boolean active,
        int totalCores,
        int maxTasks,
        int activeTasks,
        int failedTasks,
        int completedTasks,
        int totalTasks,
        long totalDurationMs,
        long totalGcTimeMs,
        long totalInputBytes,
        long totalShuffleRead,
        long totalShuffleWrite,
        long memoryUsed,
        long maxMemory,
        long diskUsed,
        Optional<Instant> addTime,
        Optional<Instant> removeTime,
        Optional<String> removeReason,
        boolean excluded,
        Map<String, Long> peakMemoryMetrics,
        Map<String, String> logUrls) {

    public Executor {
        peakMemoryMetrics = Map.copyOf(peakMemoryMetrics);
        // a snapshot file written before log links were kept has none
        logUrls = logUrls == null ? Map.of() : Map.copyOf(logUrls);
    }

    /** An executor without log links (local mode's driver, Kubernetes, a test). */
    public Executor(String id, String hostPort, boolean active, int totalCores, int maxTasks, int activeTasks, int failedTasks,
                    int completedTasks, int totalTasks, long totalDurationMs, long totalGcTimeMs, long totalInputBytes,
                    long totalShuffleRead, long totalShuffleWrite, long memoryUsed, long maxMemory, long diskUsed,
                    Optional<Instant> addTime, Optional<Instant> removeTime, Optional<String> removeReason, boolean excluded,
                    Map<String, Long> peakMemoryMetrics) {
        this(id, hostPort, active, totalCores, maxTasks, activeTasks, failedTasks, completedTasks, totalTasks, totalDurationMs,
                totalGcTimeMs, totalInputBytes, totalShuffleRead, totalShuffleWrite, memoryUsed, maxMemory, diskUsed, addTime,
                removeTime, removeReason, excluded, peakMemoryMetrics, Map.of());
    }

    public boolean isDriver() {
        return "driver".equals(id);
    }

    public String host() {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? hostPort : hostPort.substring(0, colon);
    }

    public Optional<Long> peak(String metricName) {
        return Optional.ofNullable(peakMemoryMetrics.get(metricName));
    }
}
