package dev.sparkdoc.account;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.StageTotals;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Warm-up told from stragglers: hand-built stages of 8 tasks on two 1-slot executors (each task
 * given as executor, launch and duration in ms after T0), and the corpus's real two-executor run.
 */
class WarmUpTest {

    private static final Instant T0 = Instant.parse("2026-12-06T10:00:00Z");

    @Test
    void theFirstTaskOfEachFreshExecutorSlowAlikeIsWarmUp() {
        Stage st = stage(0, task(0, "1", 0, 38_000), task(1, "2", 100, 37_000),
                task(2, "1", 38_100, 4_000), task(3, "2", 37_200, 4_100), task(4, "1", 42_200, 3_900),
                task(5, "2", 41_400, 4_200), task(6, "1", 46_200, 3_800), task(7, "2", 45_700, 4_000));

        WarmUp w = WarmUp.of(snapshot(st), st);

        assertThat(w.explains()).isTrue();
        assertThat(w.cold()).extracting(TaskSample::index).containsExactlyInAnyOrder(0, 1);
        assertThat(w.warm(st)).hasSize(6).allSatisfy(t -> assertThat(t.durationMs()).isLessThan(5_000));
    }

    @Test
    void oneSlowTaskAmongTheFirstIsAStragglerNotWarmUp() {
        // executor 2's first task ran as the later ones: only one first task was slow
        Stage st = stage(0, task(0, "1", 0, 38_000), task(1, "2", 100, 4_000),
                task(2, "1", 38_100, 4_000), task(3, "2", 4_200, 4_100), task(4, "1", 42_200, 3_900),
                task(5, "2", 8_400, 4_200), task(6, "1", 46_200, 3_800), task(7, "2", 12_700, 4_000));

        assertThat(WarmUp.of(snapshot(st), st).explains()).isFalse();
    }

    @Test
    void aSlowTaskOfALaterWaveIsNotWarmUp() {
        Stage st = stage(0, task(0, "1", 0, 9_000), task(1, "2", 100, 9_100),
                task(2, "1", 9_100, 2_000), task(3, "2", 9_300, 2_000), task(4, "1", 11_200, 30_000),
                task(5, "2", 11_400, 2_000), task(6, "1", 41_300, 2_100), task(7, "2", 13_500, 1_900));

        assertThat(WarmUp.of(snapshot(st), st).explains()).isFalse();
    }

    @Test
    void executorsThatRanAnEarlierStageAreNoLongerFresh() {
        Stage earlier = stage(0, task(0, "1", 0, 1_000), task(1, "2", 0, 1_000));
        Stage st = shifted(1, 5_000, task(0, "1", 0, 38_000), task(1, "2", 100, 37_000),
                task(2, "1", 38_100, 4_000), task(3, "2", 37_200, 4_100), task(4, "1", 42_200, 3_900),
                task(5, "2", 41_400, 4_200), task(6, "1", 46_200, 3_800), task(7, "2", 45_700, 4_000));

        assertThat(WarmUp.of(snapshot(earlier, st), st).explains()).isFalse();
    }

    @Test
    void theCorpusRunsColdFirstTasksAreWarmUpAndItsLaterStagesHaveNone() throws IOException {
        AppSnapshot s = new EventLogSource(corpusLog("j401_healthy_cluster_shuffle")).read();
        Stage first = s.stages().stream().filter(st -> st.stageId() == 0).findFirst().orElseThrow();

        WarmUp w = WarmUp.of(s, first);

        assertThat(w.explains()).isTrue();
        assertThat(w.cold()).hasSize(2).extracting(TaskSample::executorId).containsExactlyInAnyOrder("0", "1");
        assertThat(s.stages().stream().filter(st -> st.stageId() > 0 && st.quantiles().isPresent()))
                .isNotEmpty().noneMatch(st -> WarmUp.of(s, st).explains());
    }

    private static Path corpusLog(String name) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/corpus", name))) {
            return files.findFirst().orElseThrow();
        }
    }

    private static TaskSample task(int index, String executor, long launchMs, long durationMs) {
        return new TaskSample(index, index, 0, index, executor, "host-" + executor, "SUCCESS", false, T0.plusMillis(launchMs),
                durationMs, durationMs, 0, 0, 0, 0, 0, Optional.empty());
    }

    private static Stage stage(int id, TaskSample... tasks) {
        return shifted(id, 0, tasks);
    }

    /** A stage whose tasks all launch {@code offsetMs} later than written. */
    private static Stage shifted(int id, long offsetMs, TaskSample... written) {
        List<TaskSample> tasks = new ArrayList<>();
        for (TaskSample t : written) {
            tasks.add(task(t.index(), t.executorId(), t.launchTime().toEpochMilli() - T0.toEpochMilli() + offsetMs, t.durationMs()));
        }
        long first = tasks.stream().mapToLong(t -> t.launchTime().toEpochMilli()).min().orElseThrow();
        long end = tasks.stream().mapToLong(t -> t.launchTime().toEpochMilli() + t.durationMs()).max().orElseThrow();
        double[] d = tasks.stream().mapToDouble(TaskSample::durationMs).sorted().toArray();
        Quantiles q = new Quantiles(d[0], at(d, 0.25), at(d, 0.5), at(d, 0.75), d[d.length - 1]);
        long run = (long) Arrays.stream(d).sum();
        StageTotals totals = new StageTotals(run, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        return new Stage(id, 0, StageStatus.COMPLETE, "stage " + id, Optional.empty(), "", List.of(id),
                new TaskCounts(tasks.size(), 0, tasks.size(), 0, 0, 0), Optional.of(Instant.ofEpochMilli(first)),
                Optional.of(Instant.ofEpochMilli(first)), Optional.of(Instant.ofEpochMilli(end)), Optional.empty(), totals,
                Optional.of(new TaskQuantiles(tasks.size(), true, Map.of(TaskMetric.DURATION, q))), tasks, List.of());
    }

    private static double at(double[] sorted, double quantile) {
        return sorted[(int) Math.round(quantile * (sorted.length - 1))];
    }

    private static AppSnapshot snapshot(Stage... stages) {
        List<Executor> executors = List.of(executor("1"), executor("2"));
        Instant end = T0.plusSeconds(120);
        Application app = new Application("app-1", "test", Optional.of("4.0.1"), "alice", Optional.empty(), T0.minusSeconds(10),
                Optional.of(end), true, List.of());
        return new AppSnapshot(SourceInfo.of(SourceKind.EVENTLOG, "test", true), app, List.of(), List.of(stages), executors,
                List.of(), new Environment(Optional.of("17"), Optional.empty(), Map.of(), Map.of()), end);
    }

    private static Executor executor(String id) {
        return new Executor(id, "host-" + id + ":4040", true, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                Optional.of(T0.minusSeconds(5)), Optional.empty(), Optional.empty(), false, Map.of());
    }
}
