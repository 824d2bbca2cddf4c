package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.ScopeFacts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.testing.Snapshots;
import dev.sparkdoc.testing.StreamingQueries;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamSignalsTest {

    private static ScopeFacts facts() {
        SignalSet s = Signals.compute(Snapshots.app().build().withStreamingQueries(List.of(StreamingQueries.kafkaCountingEveryKey(12))));
        return s.scopes().stream().filter(f -> f.scope().kind() == ScopeKind.STREAM).findFirst().orElseThrow();
    }

    @Test
    void aCappedKafkaQueryWhoseLagGrowsShowsItInOffsetsBehindNotInItsRows() {
        ScopeFacts f = facts();

        assertThat(f.values().get(StreamSignals.BACK_TO_BACK)).isEqualTo(1.0);
        assertThat(f.values().get(StreamSignals.ROWS_GROWTH)).isEqualTo(1.0);
        assertThat(f.values().get(StreamSignals.OFFSETS_BEHIND)).isEqualTo(1_200_000.0);
        assertThat(f.values().get(StreamSignals.OFFSETS_BEHIND_GROWTH)).isGreaterThan(1.5);
        assertThat(f.values()).doesNotContainKey(StreamSignals.TRIGGER);
        assertThat(f.texts().get(StreamSignals.SOURCE_LIMIT)).isEqualTo("Kafka: maxOffsetsPerTrigger");
        assertThat(f.texts().get(StreamSignals.SLOWEST_PART)).isEqualTo("addBatch");
        assertThat(f.values().get(StreamSignals.SLOWEST_SHARE)).isEqualTo(0.85);
    }

    @Test
    void stateThatGrowsEveryBatchWithoutAWatermarkIsReported() {
        ScopeFacts f = facts();
        Diagnosis d = Diagnosis.of(Snapshots.app().build().withStreamingQueries(List.of(StreamingQueries.kafkaCountingEveryKey(12))),
                RuleCatalog.builtIn());

        assertThat(f.values().get(StreamSignals.STATE_ROWS)).isEqualTo(480_000.0);
        assertThat(f.values().get(StreamSignals.STATE_GROWING)).isEqualTo(1.0);
        assertThat(f.values().get(StreamSignals.WATERMARK)).isEqualTo(0.0);
        assertThat(d.findings()).extracting(Finding::rule).contains("streaming.state-growing", "streaming.falling-behind");
    }

    @Test
    void aStopThatInterruptsABatchIsNotAnError() {
        assertThat(StreamSignals.cleanStop("java.lang.InterruptedException\n\tat java.base/…")).isTrue();
        assertThat(StreamSignals.cleanStop("org.apache.spark.SparkException: Job aborted due to stage failure: …"
                + " java.lang.IllegalArgumentException: bad record")).isFalse();
    }
}
