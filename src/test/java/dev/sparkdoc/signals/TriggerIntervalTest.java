package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The trigger interval from the starts of batches that waited for it (starts from real event logs). */
class TriggerIntervalTest {

    @Test
    void batchesThatWaitStartOnTheIntervalsGridSinceTheEpoch() {
        // corpus j413_healthy_streaming_keeps_up: a 10 s trigger, batches of 1.3-1.9 s
        assertThat(TriggerInterval.of(List.of(1796522890000L, 1796522900000L, 1796522910001L, 1796522920000L)))
                .contains(10_000L);
        // spark/eventlogs/streaming-healthy: a 3 s trigger
        assertThat(TriggerInterval.of(List.of(1796520375000L, 1796520378001L, 1796520381000L))).contains(3_000L);
    }

    @Test
    void startsSeveralIntervalsApartStillGiveTheIntervalNotItsMultiple() {
        assertThat(TriggerInterval.of(List.of(6_000_000L, 6_006_000L, 6_015_000L))).contains(3_000L);
    }

    @Test
    void aStartJustPastAnOverrunIsOnNoGridAndLeavesTheIntervalUnknown() {
        // corpus j413_streaming_stateful_behind: batch 3 started 110 ms after batch 2 ended, at no multiple of its 3 s trigger
        assertThat(TriggerInterval.of(List.of(1796522551943L, 1796522589391L))).isEmpty();
    }

    @Test
    void oneIdleStartIsNoSpacing() {
        assertThat(TriggerInterval.of(List.of(1796522890000L))).isEmpty();
        assertThat(TriggerInterval.of(List.of())).isEmpty();
    }
}
