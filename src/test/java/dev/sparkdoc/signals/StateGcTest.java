package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * GC caused by a streaming state that grows without a watermark (corpus j413_stream_state_grows,
 * Spark 4.1.3): dropDuplicates on a rate source keeps every id on the heap, and the query's tasks
 * spend a quarter of their time in GC. The state is the cause the expert names; the GC is its cost.
 */
class StateGcTest {

    private static AppSnapshot read(String corpusCase) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/corpus", corpusCase))) {
            return new EventLogSource(files.findFirst().orElseThrow()).read();
        }
    }

    @Test
    void theGrowingStateCarriesTheGcOfItsTasksAndTheExecutorsGcFindingLeavesIt() throws IOException {
        AppSnapshot app = read("j413_stream_state_grows");
        SignalSet signals = Signals.compute(app);
        ScopeFacts stream = signals.of(ScopeKind.STREAM).get(0);
        Diagnosis d = Diagnosis.of(app, RuleCatalog.builtIn());

        assertThat(stream.values().get(StreamSignals.STATE_ON_HEAP)).isEqualTo(1.0);
        assertThat(stream.values().get(StreamSignals.STATE_GC_FRACTION)).isBetween(0.10, 1.0);
        assertThat(signals.app().values().get(AppSignals.GC_UNBOUNDED_STATE_SHARE)).isBetween(0.5, 1.0);
        Finding state = d.findings().stream().filter(f -> f.rule().equals("streaming.state-growing")).findFirst().orElseThrow();
        assertThat(state.severity()).isEqualTo(Severity.WARNING);
        assertThat(state.secondsLost()).isGreaterThan(3).isLessThanOrEqualTo(stream.values().get(StreamSignals.STATE_GC_SECONDS_LOST));
        assertThat(d.findings()).extracting(Finding::rule).doesNotContain("executor-memory.gc");
    }

    @Test
    void aStateBoundedByAWatermarkClaimsNoGc() throws IOException {
        AppSnapshot app = read("j420_healthy_stream_watermark");
        SignalSet signals = Signals.compute(app);

        assertThat(signals.app().values().get(AppSignals.GC_UNBOUNDED_STATE_SHARE)).isIn(0.0, Double.NaN);
        assertThat(Diagnosis.of(app, RuleCatalog.builtIn()).findings()).extracting(Finding::rule)
                .doesNotContain("streaming.state-growing");
    }
}
