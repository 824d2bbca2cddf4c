package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.testing.Snapshots;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The selection follows its item (stage, executor, finding, process) while polls insert rows
 * above it, sorts move it, or it goes away, as k9s does: "open stage 84" opens stage 84, and the
 * cursor does not drift by itself.
 */
class SelectionFollowsItsItemTest {

    private static final Instant NOW = T0.plusSeconds(300);

    /** A running application whose finished stages are {@code 0..last}, newest first in the default order. */
    private static AppSnapshot stagesUpTo(int last) {
        Snapshots app = Snapshots.app().running(NOW);
        IntStream.rangeClosed(0, last).forEach(i -> app.stage(stage(i)));
        return app.build();
    }

    private static UiState arrive(UiState s, AppSnapshot snap) {
        return Update.apply(s, new UiEvent.SnapshotArrived(TuiFixtures.diagnose(snap), s.processes(), snap.takenAt(), 50,
                Duration.ofSeconds(2))).state();
    }

    private static Stage selectedStage(UiState s) {
        return Rows.selectedStage(s).orElseThrow();
    }

    @Test
    void theSelectedStageStaysSelectedWhileNewStagesArriveAbove() {
        UiState s = keys(TuiFixtures.live(stagesUpTo(90), 80, 24), "2jjjjjj");   // 90, 89, … : the 7th row
        assertThat(selectedStage(s).stageId()).isEqualTo(84);

        UiState later = arrive(s, stagesUpTo(95));   // five stages more, all above it
        assertThat(selectedStage(later).stageId()).isEqualTo(84);
        assertThat(Rows.selected(later, Pane.STAGES)).isEqualTo(11);
        assertThat(keys(later, "\n").drill()).get().extracting(Drill::key).isEqualTo("84.0");
        // a move goes from where the item is now, not from its old row
        assertThat(selectedStage(keys(later, "j")).stageId()).isEqualTo(83);
    }

    @Test
    void aCursorTheUserNeverMovedStaysOnTheTopRowWhereTheNewestStageComes() {
        UiState s = arrive(keys(TuiFixtures.live(stagesUpTo(3), 80, 24), "2"), stagesUpTo(4));
        assertThat(selectedStage(s).stageId()).isEqualTo(4);
        assertThat(selectedStage(arrive(s, stagesUpTo(9))).stageId()).isEqualTo(9);
        // once moved, it follows its stage
        UiState moved = keys(arrive(s, stagesUpTo(9)), "jk");
        assertThat(selectedStage(arrive(moved, stagesUpTo(12))).stageId()).isEqualTo(9);
    }

    @Test
    void aStageThatGoesAwayLeavesTheCursorOnTheNearestRowWhichItThenFollows() {
        UiState s = keys(TuiFixtures.live(stagesUpTo(10), 80, 24), "2jjj");   // 10, 9, 8, 7: stage 7 on row 3
        AppSnapshot without7 = Snapshots.app().running(NOW).stage(stage(10)).stage(stage(9)).stage(stage(8))
                .stage(stage(6)).stage(stage(5)).build();

        UiState gone = arrive(s, without7);   // 10, 9, 8, 6, 5
        assertThat(Rows.selected(gone, Pane.STAGES)).isEqualTo(3);
        assertThat(selectedStage(gone).stageId()).isEqualTo(6);
        assertThat(selectedStage(arrive(gone, stagesUpTo(12))).stageId()).as("then follows stage 6").isEqualTo(6);
    }

    @Test
    void aSortKeepsTheSelectedItemSelectedWhereverItMoves() {
        AppSnapshot snap = Snapshots.app().running(NOW).stage(stage(1).runTime(900_000)).stage(stage(2).runTime(100_000))
                .stage(stage(3).runTime(500_000)).build();
        UiState s = keys(TuiFixtures.live(snap, 80, 24), "2j");   // 3, 2, 1: stage 2
        assertThat(selectedStage(s).stageId()).isEqualTo(2);

        UiState byTaskTime = keys(s, "s");   // 1, 3, 2
        assertThat(selectedStage(byTaskTime).stageId()).isEqualTo(2);
        assertThat(Rows.selected(byTaskTime, Pane.STAGES)).isEqualTo(2);
    }

    @Test
    void theSelectedExecutorStaysSelectedWhenTheOrderChangesUnderIt() {
        AppSnapshot before = Snapshots.app().running(NOW).executors(executor("1", 4), executor("2", 4).tasks(10, 1),
                executor("3", 4).tasks(10, 2)).build();
        UiState s = keys(TuiFixtures.live(before, 80, 24), "3sgj");   // by failed tasks: 3, 2, then the rest
        assertThat(Rows.executors(s).get(Rows.selected(s, Pane.EXECUTORS)).id()).isEqualTo("2");

        AppSnapshot after = Snapshots.app().running(NOW.plusSeconds(2)).executors(executor("1", 4).tasks(10, 9),
                executor("2", 4).tasks(10, 1), executor("3", 4).tasks(10, 2)).build();
        UiState moved = arrive(s, after);   // 1, 3, 2: executor 2 went down a row
        assertThat(Rows.executors(moved).get(Rows.selected(moved, Pane.EXECUTORS)).id()).isEqualTo("2");
        assertThat(Rows.selected(moved, Pane.EXECUTORS)).isEqualTo(2);
    }

    @Test
    void theSelectedFindingStaysSelectedWhenABiggerOneIsRankedAboveIt() {
        UiState s = keys(TuiFixtures.live(TuiFixtures.liveCluster(NOW), 80, 24), "j");
        String chosen = Rows.key(Rows.selectedFinding(s).orElseThrow());
        int before = Rows.findings(s).stream().map(Rows::key).toList().indexOf(chosen);
        assertThat(before).isEqualTo(1);

        AppSnapshot worse = Snapshots.app().running(NOW.plusSeconds(60))
                .stage(stage(3).tasks(200, 150).quantiles(dev.sparkdoc.model.TaskMetric.DURATION, Snapshots.q(2_000, 90_000))
                        .quantiles(dev.sparkdoc.model.TaskMetric.SHUFFLE_READ_BYTES, Snapshots.q(64 << 20, 2_000L << 20))
                        .shuffleRead(30L << 30).slowTask(7, "2", 90_000)
                        .failure("ExceptionFailure", "java.lang.ArithmeticException", "/ by zero", 3))
                .stage(stage(4).tasks(400, 120).active(8).runningTask("1", 45_000))
                .stage(stage(9).tasks(800, 10).active(8).runningTask("1", 400_000))
                .executors(executor("driver", 0), executor("1", 4).taskTime(600_000, 150_000).tasks(300, 0),
                        executor("2", 4).tasks(250, 3), executor("3", 4).removed("Container killed by YARN for exceeding memory limits"),
                        executor("4", 4).peak("ProcessTreePythonRSSMemory", 3L << 30).peak("ProcessTreeJVMRSSMemory", 5L << 30))
                .build();
        UiState later = arrive(s, worse);
        List<String> keysNow = Rows.findings(later).stream().map(Rows::key).toList();
        assertThat(keysNow).contains(chosen);
        assertThat(Rows.key(Rows.selectedFinding(later).orElseThrow())).isEqualTo(chosen);
        // the new worst finding is ranked above it: the selection moved down with its item
        assertThat(Rows.selected(later, Pane.FINDINGS)).isEqualTo(keysNow.indexOf(chosen)).isGreaterThan(before);
    }

    @Test
    void theSelectedProcessStaysSelectedWhenItsCpuRankChanges() {
        // the pane lists processes as a tree by default; s sorts them by CPU
        UiState base = keys(TuiFixtures.live(TuiFixtures.liveCluster(NOW), 80, 24), "4s");
        UiState s = keys(base.withData(base.diagnosis().orElseThrow(), processes(10, 90.0, 20, 50.0, 30, 10.0)), "j");
        assertThat(Rows.processes(s).get(Rows.selected(s, Pane.PROCESSES)).pid()).isEqualTo(20);

        UiState later = Update.apply(s, new UiEvent.SnapshotArrived(s.diagnosis().orElseThrow(),
                processes(10, 5.0, 20, 1.0, 30, 99.0, 40, 80.0), NOW.plusSeconds(2), 50, Duration.ofSeconds(2))).state();
        assertThat(Rows.processes(later).get(Rows.selected(later, Pane.PROCESSES)).pid()).isEqualTo(20);
        assertThat(Rows.selected(later, Pane.PROCESSES)).isEqualTo(3);
    }

    private static ProcessPaneRows processes(Object... pidsAndCpu) {
        List<ProcessRow> rows = IntStream.range(0, pidsAndCpu.length / 2).mapToObj(i -> new ProcessRow(
                ((Integer) pidsAndCpu[2 * i]).longValue(), "executor", Optional.of("1"), (Double) pidsAndCpu[2 * i + 1],
                1L << 30, 40, "java", List.of((Double) pidsAndCpu[2 * i + 1]))).toList();
        return ProcessPaneRows.of(rows);
    }
}
