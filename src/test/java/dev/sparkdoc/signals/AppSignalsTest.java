package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.testing.Snapshots;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AppSignalsTest {

    @Test
    void busyWallIsTheUnionOfStageIntervals() {
        // stages run [10 s, 40 s], [30 s, 70 s] and [100 s, 110 s]: 60 s + 10 s busy
        var s = Snapshots.app().stage(stage(1))
                .stage(Snapshots.stageAt(2, T0.plusSeconds(30)).wall(40).runTime(100_000))
                .stage(Snapshots.stageAt(3, T0.plusSeconds(100)).wall(10));
        ScopeFacts app = Facts.app(s);
        assertThat(value(app, "app.busyWall")).isEqualTo(70_000.0);
        double taskTime = 200_000 + 100_000 + 200_000;
        assertThat(value(app, "app.taskTime")).isEqualTo(taskTime);
        assertThat(value(app, "app.slotUse")).isEqualTo(taskTime / (8 * 70_000.0));
        assertThat(value(app, "app.idleSlots.secondsLost")).isEqualTo((8 * 70_000.0 - taskTime) / 8 / 1000);
    }

    @Test
    void slotTimeCountsEachExecutorOnlyWhileItWasAlive() {
        // one stage over [10 s, 110 s]; executor 1 (4 slots) alive all along, executor 2 (4 slots)
        // only for [60 s, 1000 s]: 4 × 100 s + 4 × 50 s = 600 slot-seconds, not 8 × 100 s
        var s = Snapshots.app().executors(executor("1", 4), executor("2", 4).alive(60, 1000))
                .stage(Snapshots.stageAt(1, T0.plusSeconds(10)).wall(100).runTime(300_000));
        ScopeFacts app = Facts.app(s);
        assertThat(value(app, "app.slotCapacity")).isEqualTo(600_000.0);
        assertThat(value(app, "app.slotUse")).isEqualTo(0.5);
        // 300 idle slot-seconds over 6 slots on average: 50 s of wall time
        assertThat(value(app, "app.idleSlots.secondsLost")).isEqualTo(50.0);
    }

    @Test
    void anExecutorThatCameAndWentBeforeTheStagesRanOffersNothing() {
        var s = Snapshots.app().executors(executor("1", 2), executor("2", 16).alive(0, 5))
                .stage(Snapshots.stageAt(1, T0.plusSeconds(10)).wall(100).runTime(150_000));
        assertThat(value(Facts.app(s), "app.slotUse")).isEqualTo(0.75);
    }

    @Test
    void slotsFollowTaskCpusAndTheGpusEachTaskNeeds() {
        // spark.task.cpus=2 on 8 cores: 4 tasks at once (Spark's maxTasks)
        assertThat(value(Facts.app(Snapshots.app().executors(executor("1", 8).maxTasks(4))), "app.slots")).isEqualTo(4.0);
        // 16 cores but 1 GPU at 0.25 per task: 4 tasks at once; at 1/16 per task the cores limit it
        var gpu = Snapshots.app().conf("spark.executor.resource.gpu.amount", "1").executors(executor("1", 16));
        assertThat(value(Facts.app(gpu.conf("spark.task.resource.gpu.amount", "0.25")), "app.slots")).isEqualTo(4.0);
        assertThat(value(Facts.app(gpu.conf("spark.task.resource.gpu.amount", "0.0625")), "app.slots")).isEqualTo(16.0);
    }

    @Test
    void gcFractionIsGcOverRunTime() {
        ScopeFacts app = Facts.app(Snapshots.app().stage(stage(1).gc(20_000)).stage(stage(2).gc(30_000)));
        assertThat(value(app, "app.gc.time")).isEqualTo(50_000.0);
        assertThat(value(app, "app.gc.fraction")).isEqualTo(0.125);
    }

    @Test
    void slotsAreLiveExecutorCoresElseAllElseTheLocalDriver() {
        assertThat(value(Facts.app(Snapshots.app()), "app.slots")).isEqualTo(8.0);
        assertThat(value(Facts.app(Snapshots.app().executors(executor("1", 4).removed("lost"), executor("2", 2))), "app.slots"))
                .isEqualTo(2.0);
        assertThat(value(Facts.app(Snapshots.app().executors(executor("1", 4).removed("a"), executor("2", 2).removed("b"))),
                "app.slots")).isEqualTo(6.0);
        assertThat(value(Facts.app(Snapshots.app().conf("spark.master", "local[3]").executors(executor("driver", 3))), "app.slots"))
                .isEqualTo(3.0);
    }

    @Test
    void waitingCountsOnlyWhenNoTaskRunsAnywhere() {
        var waiting = Snapshots.app().running(T0.plusSeconds(100)).stage(stage(1).tasks(10, 0).active(0));
        assertThat(value(Facts.app(waiting), "app.waiting")).isEqualTo(90_000.0);
        assertThat(AppSignals.WAITING.unit().seconds(value(Facts.app(waiting), "app.waiting"))).isEqualTo(90.0);
        assertThat(value(Facts.app(waiting.stage(stage(2).tasks(10, 5).active(2))), "app.waiting")).isZero();
    }

    @Test
    void removalForIdlenessOrDecommissionIsNotAFailure() {
        assertThat(AppSignals.lostForAFailure(removed("Executor killed by driver."))).isFalse();
        assertThat(AppSignals.lostForAFailure(removed("Executor decommission."))).isFalse();
        assertThat(AppSignals.lostForAFailure(removed("Executor idle for 60 s"))).isFalse();
        assertThat(AppSignals.lostForAFailure(removed("Container killed by YARN for exceeding memory limits."))).isTrue();
        assertThat(AppSignals.lostForAFailure(removed("Executor heartbeat timed out after 125000 ms"))).isTrue();
    }

    private static Executor removed(String reason) {
        return new Executor("1", "host-1:7337", false, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Optional.of(T0),
                Optional.of(Instant.EPOCH), Optional.of(reason), false, Map.of());
    }

    @Test
    void failureRateIsOverAllTaskAttempts() {
        ScopeFacts app = Facts.app(Snapshots.app().stage(stage(1).tasks(100, 90).failed(10)));
        assertThat(value(app, "app.tasks.failed")).isEqualTo(10.0);
        assertThat(value(app, "app.tasks.failureRate")).isEqualTo(0.1);
    }

    @Test
    void onlyDriverIsFalseInLocalModeAndWithoutConfig() {
        assertThat(value(Facts.app(Snapshots.app().executors(executor("driver", 0))), "app.onlyDriver")).isEqualTo(1.0);
        assertThat(value(Facts.app(Snapshots.app().conf("spark.master", "local[*]").executors(executor("driver", 0))), "app.onlyDriver"))
                .isZero();
        assertThat(value(Facts.app(Snapshots.app().noConfig().executors(executor("driver", 0))), "app.onlyDriver")).isZero();
    }
}
