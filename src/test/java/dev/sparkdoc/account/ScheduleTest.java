package dev.sparkdoc.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Replays worked out by hand on paper: waves, a tail, dependent stages, parallel jobs. Times in seconds. */
class ScheduleTest {

    @Test
    void eightEqualTasksOnFourSlotsRunInTwoWavesAndInOneOnEight() {
        List<Schedule.Run> runs = List.of(run(0, 0, 120, Schedule.Durations.equal(8, s(60))));

        assertThat(Schedule.replay(runs, 4, s(120))).isEqualTo(new Schedule.Result(s(120), s(120)));
        assertThat(Schedule.replay(runs, 8, s(120))).isEqualTo(new Schedule.Result(s(60), s(60)));
        // a third wave of 2 of 3 slots: 60 + 60 + 60
        assertThat(Schedule.replay(runs, 3, s(120)).wallMs()).isEqualTo(s(180));
    }

    @Test
    void theLongestTaskGoesFirstSoTheTailOverlapsTheShortOnes() {
        // 10, 10, 10, 40 s on 2 slots: 40 on one slot, the three 10s on the other -> 40 s
        // (in that launch order it would be 50 s: 10, 10 | 10, 40)
        Schedule.Durations tail = new Schedule.Durations(4, s(10), s(10), s(10), s(10), s(40));

        assertThat(Schedule.replay(List.of(run(0, 0, 50, tail)), 2, s(50)).wallMs()).isEqualTo(s(40));
    }

    @Test
    void durationsComeFromTheSummaryLongestFirst() {
        Schedule.Durations d = new Schedule.Durations(5, 1000, 2000, 3000, 4000, 9000);

        assertThat(List.of(d.at(0), d.at(1), d.at(2), d.at(3), d.at(4))).containsExactly(9000L, 4000L, 3000L, 2000L, 1000L);
        assertThat(Schedule.Durations.equal(1, 700).at(0)).isEqualTo(700);
    }

    @Test
    void aDependentStageStartsWhenItsParentIsDoneAfterTheDriversRecordedGap() {
        // A: 8 x 60 s on 4 slots, [0, 120]; the driver works 5 s; B: 4 x 30 s, [125, 155]; the app ends at 160
        List<Schedule.Run> runs = List.of(run(0, 0, 120, Schedule.Durations.equal(8, s(60))),
                run(125, 0, 155, Schedule.Durations.equal(4, s(30))));

        assertThat(Schedule.replay(runs, 4, s(160))).isEqualTo(new Schedule.Result(s(160), s(150)));
        // on 8 slots: A [0, 60], B [65, 95], the driver's last 5 s -> 100
        assertThat(Schedule.replay(runs, 8, s(160))).isEqualTo(new Schedule.Result(s(100), s(90)));
    }

    @Test
    void savingsAddUpAlongAChainInsteadOfStoppingAtTheFirstStage() {
        // three jobs one after another, each 8 x 60 s on 4 slots with 10 s of driver between them
        List<Schedule.Run> runs = List.of(run(0, 0, 120, Schedule.Durations.equal(8, s(60))),
                run(130, 0, 250, Schedule.Durations.equal(8, s(60))),
                run(260, 0, 380, Schedule.Durations.equal(8, s(60))));

        assertThat(Schedule.replay(runs, 4, s(380)).wallMs()).isEqualTo(s(380));
        // 60 + 10 + 60 + 10 + 60
        assertThat(Schedule.replay(runs, 8, s(380)).wallMs()).isEqualTo(s(200));
    }

    @Test
    void parallelJobsShareTheSlotsFirstComeFirstServed() {
        // two jobs submitted together, 4 x 60 s each, on 4 slots: one after the other, both done at 120
        List<Schedule.Run> runs = List.of(run(0, 0, 120, Schedule.Durations.equal(4, s(60))),
                run(0, 0, 120, Schedule.Durations.equal(4, s(60))));

        assertThat(Schedule.replay(runs, 4, s(120)).wallMs()).isEqualTo(s(120));
        assertThat(Schedule.replay(runs, 8, s(120)).wallMs()).isEqualTo(s(60));
        // a job submitted 30 s later waits for no one on 8 slots: [30, 90]
        List<Schedule.Run> later = List.of(run(0, 0, 120, Schedule.Durations.equal(4, s(60))),
                run(30, 0, 150, Schedule.Durations.equal(4, s(60))));
        assertThat(Schedule.replay(later, 8, s(150))).isEqualTo(new Schedule.Result(s(90), s(90)));
    }

    @Test
    void aWaitForExecutorsIsKeptAsRecorded() {
        // submitted at 0, the first task at 20 (no executor yet), then 8 x 60 s on 4 slots
        List<Schedule.Run> runs = List.of(run(0, 20, 140, Schedule.Durations.equal(8, s(60))));

        assertThat(Schedule.replay(runs, 8, s(140))).isEqualTo(new Schedule.Result(s(80), s(60)));
    }

    @Test
    void noStagesLeaveTheRecordedWall() {
        assertThat(Schedule.replay(List.of(), 4, s(30))).isEqualTo(new Schedule.Result(s(30), 0));
    }

    private static Schedule.Run run(long submitS, long delayS, long endS, Schedule.Durations tasks) {
        return new Schedule.Run(s(submitS), s(delayS), s(endS), tasks);
    }

    private static long s(long seconds) {
        return seconds * 1000;
    }
}
