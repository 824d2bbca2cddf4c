package dev.sparkdoc.model;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One micro-batch of a Structured Streaming query, as its {@code QueryProgressEvent} tells it
 * (Spark's {@code StreamingQueryProgress}). The rates and rows are the sums over the query's sources.
 *
 * @param timestamp         when the micro-batch's trigger started
 * @param durationMs        the whole micro-batch ({@code durationMs.triggerExecution})
 * @param partsMs           the named parts of it: addBatch, getBatch, latestOffset, queryPlanning, walCommit, commitOffsets …
 * @param inputRowsPerSecond rows that arrived per second since the previous micro-batch started
 * @param processedRowsPerSecond rows this micro-batch processed per second of its duration
 * @param stateRows         rows held by the stateful operators ({@code stateOperators[].numRowsTotal}), 0 without state
 * @param stateMemoryBytes  memory those rows use ({@code stateOperators[].memoryUsedBytes})
 * @param watermark         the event-time watermark, when the query defines one
 * @param offsetsBehind     the largest {@code maxOffsetsBehindLatest} its sources report (Kafka), when any does
 */
public record StreamingProgress(
        long batchId,
        Instant timestamp,
        long durationMs,
        Map<String, Long> partsMs,
        long numInputRows,
        double inputRowsPerSecond,
        double processedRowsPerSecond,
        int stateOperators,
        long stateRows,
        long stateMemoryBytes,
        Optional<String> watermark,
        Optional<Long> offsetsBehind) {

    public StreamingProgress {
        partsMs = Map.copyOf(partsMs);
        watermark = watermark == null ? Optional.empty() : watermark;
        offsetsBehind = offsetsBehind == null ? Optional.empty() : offsetsBehind;
    }

    /** When the micro-batch ended. */
    public Instant end() {
        return timestamp.plusMillis(durationMs);
    }
}
