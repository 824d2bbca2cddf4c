package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PollScheduleTest {

    private final PollSchedule schedule = new PollSchedule(Duration.ofSeconds(2));

    @Test
    void aQuickReadKeepsTheIntervalAsked() {
        assertThat(schedule.success(50)).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void aSlowReadWaitsFiveTimesAsLongAsItTook() {
        assertThat(schedule.success(1_000)).isEqualTo(Duration.ofSeconds(5));
        assertThat(schedule.success(20_000)).isEqualTo(PollSchedule.MAX);
    }

    @Test
    void failuresDoubleTheWaitUpToTheMaximumAndASuccessRecovers() {
        assertThat(schedule.failure()).isEqualTo(Duration.ofSeconds(4));
        assertThat(schedule.failure()).isEqualTo(Duration.ofSeconds(8));
        schedule.failure();
        schedule.failure();
        assertThat(schedule.failure()).isEqualTo(PollSchedule.MAX);
        assertThat(schedule.success(30)).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void aNewIntervalTakesEffectAtOnce() {
        schedule.failure();
        schedule.setBase(Duration.ofSeconds(10));
        assertThat(schedule.current()).isEqualTo(Duration.ofSeconds(10));
        assertThat(schedule.success(10)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void anIntervalAboveTheMaximumIsStillHonoured() {
        schedule.setBase(Duration.ofSeconds(60));
        assertThat(schedule.failure()).isEqualTo(Duration.ofSeconds(60));
    }
}
