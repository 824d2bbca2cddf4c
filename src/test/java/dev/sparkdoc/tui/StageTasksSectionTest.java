package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.testing.Snapshots;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The opened stage's tasks: always listed in order, or one line saying why they cannot be. */
class StageTasksSectionTest {

    private static List<String> text(Stage st, SourceKind kind) {
        List<Line> out = new ArrayList<>();
        StageTasksSection.lines(st, kind, 200, out);
        return out.stream().map(Line::text).toList();
    }

    @Test
    void runningTasksComeFirstLongestRunningOnTopThenTheSlowestFinishedLongestFirst() {
        AppSnapshot snap = Snapshots.app().running(Snapshots.T0.plusSeconds(300))
                .stage(stage(4).tasks(400, 120).active(3).slowTask(1, "1", 2_000).runningTask("1", 5_000)
                        .slowTask(2, "2", 9_000).runningTask("2", 45_000).slowTask(3, "1", 4_000).runningTask("3", 12_000))
                .build();
        Stage st = snap.stages().get(0);
        assertThat(StageTasksSection.ordered(st)).extracting(TaskSample::status, TaskSample::durationMs).containsExactly(
                org.assertj.core.groups.Tuple.tuple("RUNNING", 45_000L), org.assertj.core.groups.Tuple.tuple("RUNNING", 12_000L),
                org.assertj.core.groups.Tuple.tuple("RUNNING", 5_000L), org.assertj.core.groups.Tuple.tuple("SUCCESS", 9_000L),
                org.assertj.core.groups.Tuple.tuple("SUCCESS", 4_000L), org.assertj.core.groups.Tuple.tuple("SUCCESS", 2_000L));
        List<String> lines = text(st, SourceKind.LIVE);
        assertThat(lines.get(1)).isEqualTo("Slowest and running tasks (3 running, 3 slowest finished)");
        assertThat(lines.get(3)).contains("RUNNING", "45.0s");
    }

    @Test
    void aFinishedStageALiveDriverWasNotAskedAboutSaysSoInOneLine() {
        Stage st = Snapshots.app().running(Snapshots.T0.plusSeconds(300)).stage(stage(7).tasks(10, 10).status(StageStatus.COMPLETE)
                .noQuantiles()).build().stages().get(0);
        List<String> lines = text(st, SourceKind.LIVE);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).contains("Finished tasks not read", "where a slow tail can hide", "an event log keeps");
        Stage read = Snapshots.app().running(Snapshots.T0.plusSeconds(300)).stage(stage(7).tasks(10, 10).status(StageStatus.COMPLETE)
                .quantiles(dev.sparkdoc.model.TaskMetric.DURATION, Snapshots.q(1_000, 2_000))).build().stages().get(0);
        assertThat(text(read, SourceKind.LIVE).get(2)).isEqualTo("  The REST answer listed no finished task of this stage.");
        assertThat(text(st, SourceKind.EVENTLOG).get(2)).contains("The event log kept no finished task");
        assertThat(text(st, SourceKind.SNAPSHOT).get(2)).contains("The snapshot holds no finished task");
    }

    @Test
    void runningTasksNotReadAndNoTaskFinishedYetAreEachSaid() {
        Stage st = Snapshots.app().running(Snapshots.T0.plusSeconds(300)).stage(stage(8).tasks(10, 0).active(4))
                .build().stages().get(0);
        List<String> lines = text(st, SourceKind.LIVE);
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("4 running: their list was not read in this poll"))
                .anySatisfy(l -> assertThat(l).contains("No task has finished yet."));
    }

    @Test
    void everyFinishedStageOfARealEventLogListsItsSlowestTasksLongestFirst() {
        UiState s = TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 160, 50);
        List<Stage> finished = s.diagnosis().orElseThrow().snapshot().stages().stream()
                .filter(st -> st.tasks().completed() > 0).toList();
        assertThat(finished).hasSizeGreaterThanOrEqualTo(3);
        for (Stage st : finished) {
            List<TaskSample> tasks = StageTasksSection.ordered(st);
            assertThat(tasks).as("stage %s", st.key()).isNotEmpty();
            assertThat(tasks).extracting(TaskSample::durationMs).isSortedAccordingTo(java.util.Comparator.reverseOrder());
            List<String> lines = StageDetailView.lines(s, st, 160).stream().map(Line::text).toList();
            assertThat(lines).as("stage %s", st.key()).anySatisfy(l -> assertThat(l).startsWith("Slowest and running tasks ("))
                    .noneSatisfy(l -> assertThat(l).contains("kept no finished task"));
        }
    }
}
