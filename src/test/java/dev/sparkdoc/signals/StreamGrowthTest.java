package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.StreamingProgress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The two growths the streaming rules read: a state's (unbounded or not) and the lag a query gains. */
class StreamGrowthTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private static StreamingProgress batch(long id, long startMs, long durationMs, long rows, long stateRows,
            Optional<String> watermark, Optional<Long> offsetsBehind) {
        return new StreamingProgress(id, T0.plusMillis(startMs), durationMs, Map.of(), rows, 0, 0, stateRows > 0 ? 1 : 0,
                stateRows, 0, watermark, offsetsBehind);
    }

    private static List<StreamingProgress> state(long... rows) {
        List<StreamingProgress> window = new ArrayList<>();
        for (int i = 0; i < rows.length; i++) {
            window.add(batch(i, i * 1000L, 500, 10, rows[i], Optional.empty(), Optional.empty()));
        }
        return window;
    }

    @Test
    void stateIsUnboundedOnlyWhenItGrowsMostBatchesByHalfToAThousandRowsWithoutAWatermark() {
        assertThat(StreamSignals.StateGrowth.of(state(1000, 1200, 1400, 1600)).orElseThrow().unbounded()).isTrue();
        // grew by less than 1.5 times
        assertThat(StreamSignals.StateGrowth.of(state(1000, 1100, 1200, 1400)).orElseThrow().unbounded()).isFalse();
        // grew in only half the pairs
        assertThat(StreamSignals.StateGrowth.of(state(1000, 1000, 1000, 1600, 1700)).orElseThrow().unbounded()).isFalse();
        // too small to matter
        assertThat(StreamSignals.StateGrowth.of(state(100, 200, 400, 800)).orElseThrow().unbounded()).isFalse();
        // counted from the first batch that held any: a run starts empty
        assertThat(StreamSignals.StateGrowth.of(state(0, 1000, 1300, 1600)).orElseThrow().growth()).isEqualTo(1.6);
        List<StreamingProgress> watermarked = new ArrayList<>(state(1000, 1200, 1400));
        watermarked.add(batch(3, 3000, 500, 10, 1600, Optional.of("2026-01-01T00:00:00.000Z"), Optional.empty()));
        assertThat(StreamSignals.StateGrowth.of(watermarked).orElseThrow().unbounded()).isFalse();
        assertThat(StreamSignals.StateGrowth.of(List.of(batch(0, 0, 500, 10, 0, Optional.empty(), Optional.empty())))).isEmpty();
    }

    @Test
    void theLagGainedIsTheBacklogsGrowthInSecondsOfInput() {
        // an unlimited source: after a batch of d seconds, d seconds of input wait for the next (2 s, then 8 s)
        List<StreamingProgress> doubling = List.of(batch(1, 0, 2000, 20, 0, Optional.empty(), Optional.empty()),
                batch(2, 2000, 4000, 40, 0, Optional.empty(), Optional.empty()),
                batch(3, 6000, 8000, 80, 0, Optional.empty(), Optional.empty()));
        assertThat(StreamRates.lagGrowth(doubling, 20)).contains(6.0);
        // a limited source: batches the same size, the offsets behind latest grow by 600 at 20 rows/s
        List<StreamingProgress> limited = List.of(batch(1, 0, 2000, 40, 0, Optional.empty(), Optional.of(100L)),
                batch(2, 2000, 2000, 40, 0, Optional.empty(), Optional.of(400L)),
                batch(3, 4000, 2000, 40, 0, Optional.empty(), Optional.of(700L)));
        assertThat(StreamRates.lagGrowth(limited, 20)).contains(30.0);
        // catching up gains nothing
        assertThat(StreamRates.lagGrowth(List.of(doubling.get(2), doubling.get(0)), 20)).contains(0.0);
        // no input rate: the offsets cannot be read as seconds, the batches' own lag still can
        assertThat(StreamRates.lagGrowth(doubling, 0)).contains(6.0);
        assertThat(StreamRates.lagGrowth(List.of(doubling.get(0)), 20)).isEmpty();
    }
}
