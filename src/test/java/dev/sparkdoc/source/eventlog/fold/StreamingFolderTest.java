package dev.sparkdoc.source.eventlog.fold;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.model.StreamingQuery;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StreamingFolderTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROGRESS = "StreamingQueryListener$QueryProgressEvent";

    private static JsonNode progress(long batch) throws Exception {
        Instant at = Instant.parse("2026-12-06T01:00:00Z").plusSeconds(batch);
        return JSON.readTree("""
                {"progress": {"id": "q", "runId": "r", "name": "events", "timestamp": "%s", "batchId": %d,
                 "durationMs": {"triggerExecution": 900, "addBatch": 800},
                 "eventTime": {"watermark": "2026-12-06T00:59:00.000Z"},
                 "stateOperators": [{"numRowsTotal": 10, "memoryUsedBytes": 1000}, {"numRowsTotal": 5, "memoryUsedBytes": 500}],
                 "sources": [{"description": "KafkaV2[Subscribe[a]]", "numInputRows": 3, "inputRowsPerSecond": "NaN",
                              "processedRowsPerSecond": 4.0, "metrics": {"maxOffsetsBehindLatest": "7"}},
                             {"description": "KafkaV2[Subscribe[b]]", "numInputRows": 2, "inputRowsPerSecond": 1.5,
                              "processedRowsPerSecond": 2.0, "metrics": {}}],
                 "sink": {"description": "console"}}}""".formatted(at, batch));
    }

    @Test
    void aLongRunKeepsItsLastThousandBatchesItsFirstAndItsCount() throws Exception {
        StreamingFolder f = new StreamingFolder();
        for (long b = 0; b < 2_500; b++) {
            f.onEvent(PROGRESS, progress(b), -1);
        }

        StreamingQuery q = f.queries().get(0);
        assertThat(q.batches()).isEqualTo(2_500);
        assertThat(q.recent()).hasSize(StreamingQuery.KEPT_BATCHES);
        assertThat(q.recent().get(0).batchId()).isEqualTo(1_500);
        assertThat(q.first()).get().extracting(p -> p.batchId()).isEqualTo(0L);
    }

    @Test
    void aBatchSumsItsSourcesAndStateOperators() throws Exception {
        StreamingFolder f = new StreamingFolder();
        f.onEvent(PROGRESS, progress(0), -1);

        var p = f.queries().get(0).recent().get(0);
        assertThat(p.numInputRows()).isEqualTo(5);
        assertThat(p.inputRowsPerSecond()).as("NaN counts as nothing").isEqualTo(1.5);
        assertThat(p.processedRowsPerSecond()).isEqualTo(6.0);
        assertThat(p.stateRows()).isEqualTo(15);
        assertThat(p.stateMemoryBytes()).isEqualTo(1_500);
        assertThat(p.watermark()).contains("2026-12-06T00:59:00.000Z");
        assertThat(p.offsetsBehind()).contains(7L);
    }

    @Test
    void aRunEndsStoppedOrWithItsException() throws Exception {
        StreamingFolder f = new StreamingFolder();
        f.onEvent("StreamingQueryListener$QueryStartedEvent",
                JSON.readTree("{\"id\":\"q\",\"runId\":\"r1\",\"name\":null,\"timestamp\":\"2026-12-06T01:00:00Z\"}"), -1);
        f.onEvent("StreamingQueryListener$QueryTerminatedEvent", JSON.readTree("{\"id\":\"q\",\"runId\":\"r1\",\"exception\":null}"), 5_000);
        f.onEvent("StreamingQueryListener$QueryTerminatedEvent",
                JSON.readTree("{\"id\":\"q\",\"runId\":\"r2\",\"exception\":\"java.lang.IllegalStateException: boom\"}"), 9_000);

        assertThat(f.queries()).extracting(q -> q.terminated().isPresent()).containsExactly(true, true);
        assertThat(f.queries().get(0).exception()).isEmpty();
        assertThat(f.queries().get(0).name()).isEmpty();
        assertThat(f.queries().get(1).exception()).contains("java.lang.IllegalStateException: boom");
    }
}
