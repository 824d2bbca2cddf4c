package dev.sparkdoc.testing;

import dev.sparkdoc.model.StreamingProgress;
import dev.sparkdoc.model.StreamingQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Streaming query runs for what no test log has: a Kafka query with maxOffsetsPerTrigger whose
 * lag grows, counting per key with no watermark (the state grows every batch).
 */
public final class StreamingQueries {

    private StreamingQueries() {
    }

    /**
     * {@code batches} micro-batches back to back, 10 s each, 50,000 rows each (the per-trigger
     * limit), offsets behind growing by 100,000 a batch, 40,000 more state rows each batch.
     */
    public static StreamingQuery kafkaCountingEveryKey(int batches) {
        List<StreamingProgress> progress = new ArrayList<>();
        Instant at = Snapshots.T0;
        for (int b = 0; b < batches; b++) {
            progress.add(new StreamingProgress(b, at, 10_000,
                    Map.of("triggerExecution", 10_000L, "addBatch", 8_500L, "walCommit", 700L, "commitOffsets", 500L,
                            "latestOffset", 200L, "queryPlanning", 100L),
                    50_000, 5_000, 5_000, 1, 40_000L * (b + 1), 400L * 40_000 * (b + 1), Optional.empty(),
                    Optional.of(100_000L * (b + 1))));
            at = at.plusMillis(10_005);
        }
        return new StreamingQuery("5b1c2a34-0d6e-4f7a-9b8c-1d2e3f4a5b6c", "0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b", "counts",
                Optional.of(Snapshots.T0), Optional.empty(), Optional.empty(),
                List.of("KafkaV2[Subscribe[events]]"), "DeltaSink[/tables/counts]", batches, progress.stream().findFirst(), progress);
    }
}
