package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.ProcessInfo;
import dev.sparkdoc.proc.ProcessSample;
import dev.sparkdoc.proc.ProcessScan;
import dev.sparkdoc.spark.Await;
import dev.sparkdoc.testing.Snapshots;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the driver dies its reads fail, and the poller samples processes only with a snapshot: the
 * processes pane kept the dead driver at its last CPU figure. Now a failed read has them sampled
 * again, and a process that ended (or is a zombie) is no longer listed.
 */
class ProcessesAfterTheDriverDiesTest {

    private static final String DRIVER = "/usr/bin/java -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit app.py";
    private static final String EXECUTOR = "java -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend "
            + "--driver-url spark://CoarseGrainedScheduler@127.0.0.1:40000 --executor-id 1 --cores 2 --app-id app-test";

    private final AppSnapshot snapshot = Snapshots.app().running(T0.plusSeconds(300)).build();

    @TempDir
    Path home;

    @Test
    void aFailedReadAsksForTheProcessesAgainAndTheAnswerReplacesTheDeadDriver() {
        UiState live = withDriverAt8Percent();
        Update.Step failed = Update.apply(live, new UiEvent.FetchFailed("driver unreachable", "connection refused", snapshot.takenAt().plusSeconds(2),
                Duration.ofSeconds(4)));

        assertThat(failed.effects()).contains(new Effect.SampleProcesses(snapshot));
        UiState sampled = Update.apply(failed.state(),
                new UiEvent.ProcessesSampled(ProcessPaneRows.unavailable("no local processes of app-test found"))).state();
        String pane = TextBackend.text(Views.render(TuiFixtures.keys(sampled, "4")));
        assertThat(pane).contains("no local processes of app-test found").doesNotContain("4242", "driver  ");
    }

    @Test
    void aSampleThatArrivesAfterTheDriverAnsweredAgainIsIgnored() {
        UiState live = withDriverAt8Percent();
        UiEvent late = new UiEvent.ProcessesSampled(ProcessPaneRows.unavailable("no local processes of app-test found"));

        assertThat(Update.apply(live, late).state().processes()).isEqualTo(live.processes());
    }

    @Test
    void theFeedDropsADriverThatEndedOrIsAZombieAndKeepsNoCpuFigureForIt() throws Exception {
        Deque<List<ProcessInfo>> machine = new ArrayDeque<>(List.of(
                List.of(proc(101, "S", DRIVER, 1_000), proc(200, "S", EXECUTOR, 0)),
                List.of(proc(101, "S", DRIVER, 1_080), proc(200, "S", EXECUTOR, 500)),
                List.of(proc(200, "S", EXECUTOR, 600)),
                List.of(proc(101, "Z", "[java]", 1_080), proc(200, "S", EXECUTOR, 700)),
                List.of()));
        long[] tick = {0};
        ProcessScan scan = new ProcessScan(() -> new ProcessSample(T0, tick[0]++ * 1_000_000_000L, machine.removeFirst()), false);
        LocalProcessFeed feed = new LocalProcessFeed(scan, appId -> new DriverHints(Map.of(101L, appId), Map.of()));

        assertThat(feed.sample(snapshot).rows()).extracting(ProcessRow::pid, ProcessRow::role, ProcessRow::cpuPercent)
                .containsExactlyInAnyOrder(tuple(101L, "driver", java.util.OptionalDouble.of(8.0)),
                        tuple(200L, "executor", java.util.OptionalDouble.of(50.0)));
        assertThat(feed.sample(snapshot).rows()).extracting(ProcessRow::pid).containsExactly(200L);
        assertThat(feed.sample(snapshot).rows()).extracting(ProcessRow::pid).containsExactly(200L);
        assertThat(feed.sample(snapshot).unavailable()).contains("no local processes of app-test found");
    }

    @Test
    void theWatchSamplesOnItsOwnThreadAndPostsWhatItFound() {
        List<UiEvent> events = new CopyOnWriteArrayList<>();
        ProcessPaneRows gone = ProcessPaneRows.unavailable("no local processes of app-test found");
        try (ProcessWatch watch = new ProcessWatch(s -> gone, events::add, new AttachLog(home.resolve("attach.log")))) {
            watch.sample(snapshot);
            Await.until("the sample is posted", Duration.ofSeconds(10), () -> !events.isEmpty());
        }
        assertThat(events).containsExactly(new UiEvent.ProcessesSampled(gone));
    }

    private UiState withDriverAt8Percent() {
        UiState live = TuiFixtures.live(snapshot, 80, 24);
        return live.withProcesses(ProcessPaneRows.of(List.of(new ProcessRow(4242, "driver", Optional.of("driver"), 8, 1L << 30, 90,
                DRIVER, List.of(8.0)))));
    }

    private static ProcessInfo proc(long pid, String state, String cmd, long cpuMs) {
        return new ProcessInfo(pid, 1, "spark", state, Optional.of(Instant.parse("2026-11-29T09:00:00Z")), 40, 1L << 30, cpuMs,
                List.of(cmd.split(" ")));
    }
}
