package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

/** A stage with fewer tasks than the 8 slots (2 executors × 4 cores) of {@link Snapshots#app()}. */
class StageParallelismTest {

    private static Snapshots.StageBuilder oneTask(int id) {
        return stage(id).tasks(1, 1).wall(64).runTime(63_400);
    }

    @Test
    void oneTaskOnEightSlotsLosesSevenEighthsOfItsWork() {
        ScopeFacts f = Facts.of(Snapshots.app().stage(oneTask(1)), ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.slotsOffered")).isEqualTo(8.0);
        assertThat(value(f, "stage.fewTasks.idleSlots")).isEqualTo(7.0);
        assertThat(value(f, "stage.fewTasks.secondsLost")).isCloseTo(63.4 * 7 / 8, within(1e-6));
    }

    @Test
    void slotsAnotherStageUsedMeanwhileWereNotIdle() {
        // stage 2 ran beside it over the same 64 s with 7 tasks: every slot was busy
        var beside = stage(2).tasks(7, 7).wall(64).runTime(7 * 64_000L);
        ScopeFacts f = Facts.of(Snapshots.app().stage(oneTask(1)).stage(beside), ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.fewTasks.secondsLost")).isLessThan(0.1);
    }

    @Test
    void aStrugglingTaskBeyondTheEvenShareIsNotCountedHere() {
        // 60 s, 5 s and 5 s on 8 slots: even tasks of 23.3 s over 3 of 8 slots; the rest is the straggler rules' to count
        var uneven = stage(1).tasks(3, 3).wall(60).runTime(70_000);
        ScopeFacts f = Facts.of(Snapshots.app().stage(uneven), ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.fewTasks.secondsLost")).isCloseTo(70.0 / 3 * (1 - 3.0 / 8), within(1e-6));
    }

    @Test
    void asManyTasksAsSlotsLosesNothing() {
        ScopeFacts f = Facts.of(Snapshots.app().stage(stage(1).tasks(8, 8).wall(64).runTime(8 * 63_000L)), ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.fewTasks.idleSlots")).isZero();
        assertThat(value(f, "stage.fewTasks.secondsLost")).isZero();
    }

    @Test
    void aRetriedAttemptRunsOnlyItsMissingPartitionsAndIsNotJudged() {
        ScopeFacts f = Facts.of(Snapshots.app().stage(oneTask(1).attempt(1)), ScopeKind.STAGE, "1.1");
        assertThat(f.value("stage.fewTasks.secondsLost")).isEmpty();
    }

    @Test
    void aRunningTaskCountsAsWorkingSinceTheStageBegan() {
        // submitted at T0 + 10 s, read at T0 + 50 s: one task running 40 s, 7 slots idle
        var running = stage(1).tasks(1, 0).runTime(0).active(1);
        ScopeFacts f = Facts.of(Snapshots.app().running(T0.plusSeconds(50)).stage(running), ScopeKind.STAGE, "1.0");
        assertThat(value(f, "stage.fewTasks.secondsLost")).isCloseTo(40.0 * 7 / 8, within(1e-6));
    }
}
