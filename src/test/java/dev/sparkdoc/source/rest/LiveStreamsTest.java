package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanMetric;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import dev.sparkdoc.model.StreamingProgress;
import dev.sparkdoc.model.StreamingQuery;
import dev.sparkdoc.model.TaskCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Micro-batches a live driver lists, grouped by the query run their descriptions name. */
class LiveStreamsTest {

    private static final String ID = "02f6529e-8c6d-45ec-865f-c316aad262cf";
    private static final String RUN = "1ea61294-647d-4773-8ca3-dd1c19f7869c";
    private static final Instant T0 = Instant.parse("2026-12-06T05:00:00Z");

    private static String description(String name, long batch) {
        return name + "\nid = " + ID + "\nrunId = " + RUN + "\nbatch = " + batch;
    }

    private static Job job(int id, String description, long startS, Long endS) {
        return new Job(id, "count", Optional.of(description), Optional.empty(), endS == null ? JobStatus.RUNNING : JobStatus.SUCCEEDED,
                Optional.of(T0.plusSeconds(startS)), Optional.ofNullable(endS).map(T0::plusSeconds), List.of(id),
                TaskCounts.NONE, 0, 1, 0, 0, Optional.empty(), Optional.empty());
    }

    /** The SQL execution around a sink's addBatch: it ends after the foreachBatch function's own work. */
    private static SqlExecution sql(long id, String description, long startS, long durationS, String scan, long rows) {
        PlanNode node = new PlanNode(0, scan, Optional.empty(),
                List.of(new PlanMetric("number of output rows", Long.toString(rows), Optional.of(rows))), "");
        return new SqlExecution(id, description, "COMPLETED", Optional.of(T0.plusSeconds(startS)), durationS * 1000,
                List.of(), List.of(), List.of(), List.of(node), List.of(), Optional.empty(), Map.of());
    }

    @Test
    void batchesAreGroupedByRunAndSpanTheirJobsAndSqlExecutions() {
        List<StreamingQuery> queries = LiveStreams.of(
                List.of(job(1, description("orders_stream", 0), 0, 2L), job(2, description("orders_stream", 1), 3, 4L),
                        job(3, description("orders_stream", 2), 9, null), job(4, "an ordinary job", 0, 1L)),
                List.of(sql(1, description("orders_stream", 0), 0, 3, "MicroBatchScan", 20),
                        sql(2, description("orders_stream", 1), 3, 6, "Scan ExistingRDD", 120)));

        assertThat(queries).singleElement().satisfies(q -> {
            assertThat(q.name()).isEqualTo("orders_stream");
            assertThat(q.id()).isEqualTo(ID);
            assertThat(q.runId()).isEqualTo(RUN);
            assertThat(q.batches()).as("the batch still running is left out").isEqualTo(2);
            assertThat(q.recent()).extracting(StreamingProgress::batchId).containsExactly(0L, 1L);
            assertThat(q.recent()).extracting(StreamingProgress::durationMs).containsExactly(3_000L, 6_000L);
            assertThat(q.recent()).extracting(StreamingProgress::numInputRows).containsExactly(20L, 120L);
            assertThat(q.started()).contains(T0);
            assertThat(q.sources()).containsExactly("MicroBatchScan");
        });
    }

    @Test
    void aQueryWithoutANameHasAnEmptyNameAndOtherDescriptionsAreNoStreams() {
        List<StreamingQuery> queries = LiveStreams.of(List.of(job(1, description("<no name>", 0), 0, 1L),
                job(2, "orders_stream\nid = not-a-uuid\nrunId = x\nbatch = 1", 0, 1L)), List.of());

        assertThat(queries).singleElement().satisfies(q -> assertThat(q.name()).isEmpty());
    }
}
