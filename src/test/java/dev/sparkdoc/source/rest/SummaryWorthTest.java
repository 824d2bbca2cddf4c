package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.rest.dto.StageDataDto;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Which finished stages can hide a slow tail, from their wall time, task time, tasks and the slots. */
class SummaryWorthTest {

    private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");
    private static final int SLOTS = 8;

    @Test
    void aStageWhoseWallIsWellOverItsSpreadTaskTimeCanHideATail() {
        // 16 tasks of ~2 s over 8 slots spread to 4 s; it took 12 s: something ran alone at the end
        StageDataDto stage = stage(16, 12_000, 32_000);

        assertThat(SummaryWorth.lostMs(stage, SLOTS)).isEqualTo(8_000);
        assertThat(SummaryWorth.worth(stage, SLOTS)).isTrue();
    }

    @Test
    void aStageThatRanAsLongAsItsTaskTimePerSlotHidesNothing() {
        assertThat(SummaryWorth.worth(stage(16, 4_000, 32_000), SLOTS)).isFalse();
        assertThat(SummaryWorth.worth(stage(800, 100_000, 800_000), SLOTS)).as("long, many waves, even").isFalse();
    }

    @Test
    void aLongStageIsWorthItForATailOfAFewSecondsThoughItsRatioIsSmall() {
        // 100 s of even work and a 10 s straggler at the end: 1.1 times its spread, 10 s lost
        assertThat(SummaryWorth.worth(stage(800, 110_000, 800_000), SLOTS)).isTrue();
        assertThat(SummaryWorth.worth(stage(800, 101_000, 800_000), SLOTS)).as("1 s: under any tail gate").isFalse();
    }

    @Test
    void fewerTasksThanSlotsSpreadOverTheTasksNotTheSlots() {
        // 4 tasks on 8 slots: each ran on its own slot; 40 s of task time is 10 s each, 20 s of wall is a tail
        assertThat(SummaryWorth.lostMs(stage(4, 20_000, 40_000), SLOTS)).isEqualTo(10_000);
        assertThat(SummaryWorth.worth(stage(4, 10_000, 40_000), SLOTS)).isFalse();
    }

    @Test
    void aOneTaskStageHasNoMedianToStandOutFrom() {
        assertThat(SummaryWorth.worth(stage(1, 60_000, 1_000), SLOTS)).isFalse();
    }

    @Test
    void aTinyStageCannotLoseTheSecondsAnyTailRuleAsksFor() {
        // 200 ms of wall, nearly all of it waiting: still under the 3 s tail of skew.yaml
        assertThat(SummaryWorth.worth(stage(16, 200, 16), SLOTS)).isFalse();
        assertThat(SummaryWorth.worth(stage(16, 2_900, 16), SLOTS)).as("just under 3 s").isFalse();
    }

    @Test
    void unknownTimesOrSlotsAreNotCheap() {
        StageDataDto noTimes = new StageDataDto("COMPLETE", 1, 0, 8, 0, 8, 0, 0, null, null, null, null, 0, 8_000, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "stage", null, "");
        assertThat(SummaryWorth.worth(noTimes, SLOTS)).isTrue();
        // no executor alive: spread over its tasks, the most it could have used (no division by zero)
        assertThat(SummaryWorth.worth(stage(16, 12_000, 32_000), 0)).isTrue();
        assertThat(SummaryWorth.worth(stage(16, 2_000, 32_000), 0)).isFalse();
    }

    private static StageDataDto stage(int tasks, long wallMs, long runMs) {
        return new StageDataDto("COMPLETE", 1, 0, tasks, 0, tasks, 0, 0, RestDates.format(T0), RestDates.format(T0),
                RestDates.format(T0.plusMillis(wallMs)), null, 0, runMs, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                "stage", null, "");
    }
}
