package dev.sparkdoc.source.eventlog.fold;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TaskIdSetTest {

    @Test
    void addSaysWhetherTheIdIsNewAcrossBlocksAndStrayIds() {
        TaskIdSet ids = new TaskIdSet();
        long[] sample = {0, 1, 63, 64, 4095, 4096, 1_000_000, Long.MAX_VALUE, -1, Long.MIN_VALUE};

        for (long id : sample) {
            assertThat(ids.contains(id)).as("before %d", id).isFalse();
            assertThat(ids.add(id)).as("first add of %d", id).isTrue();
        }
        for (long id : sample) {
            assertThat(ids.add(id)).as("second add of %d", id).isFalse();
            assertThat(ids.contains(id)).isTrue();
        }
        assertThat(ids.contains(2)).isFalse();
        assertThat(ids.contains(4097)).isFalse();
    }
}
