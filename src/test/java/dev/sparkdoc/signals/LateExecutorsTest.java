package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

/**
 * Executors that registered after the stage that needed them began (the stage is submitted at
 * T0 + 10 s, runs 120 s; each executor has 4 slots).
 */
class LateExecutorsTest {

    @Test
    void anExecutorThatCameAMinuteAfterABusyStageBeganIsNamedWithItsDelay() {
        ScopeFacts app = Facts.app(Snapshots.app().executors(executor("1", 4), executor("2", 4).alive(70, 600))
                .stage(stage(0).tasks(100, 100).wall(120).runTime(700_000)));

        assertThat(value(app, "app.executors.late")).isEqualTo(1.0);
        assertThat(app.text("app.executors.lateList")).contains("executor 2 (1 min 00 s late, 4 slot(s))");
        // 4 slots missing for 60 s, over the 8 slots the app had once both had come (not the 4 alive at its end)
        assertThat(value(app, "app.executors.late.slotTime")).isEqualTo(240_000.0);
        assertThat(value(app, "app.executors.late.secondsLost")).isEqualTo(30.0);
    }

    @Test
    void anExecutorThatCameWhileTheStageHadSlotsEnoughWasNotWaitedFor() {
        // 4 tasks on the first executor's 4 slots: nothing queued for the second
        ScopeFacts app = Facts.app(Snapshots.app().executors(executor("1", 4), executor("2", 4).alive(70, 600))
                .stage(stage(0).tasks(4, 4).wall(120).runTime(400_000)));

        assertThat(value(app, "app.executors.late")).isZero();
    }

    @Test
    void aFewTasksStageCountsTheSlotsOfferedOnceTheLateExecutorCame() {
        ScopeFacts s = Facts.of(Snapshots.app().executors(executor("1", 4), executor("2", 4).alive(70, 600))
                .stage(stage(0).tasks(1, 1).wall(120).runTime(119_000)), ScopeKind.STAGE, "0.0");

        assertThat(value(s, "stage.slotsOffered")).isEqualTo(8.0);
        // 4 slots throughout, 4 more for the last 60 s of 120
        assertThat(value(s, "stage.slotsOffered.mean")).isEqualTo(6.0);
    }
}
