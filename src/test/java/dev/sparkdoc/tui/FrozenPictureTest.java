package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.report.SafeText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A picture that is no longer renewed never pretends it is: a driver that stopped answering is
 * UNREACHABLE, its uptime and running stages stop at its last answer and its counts are the last
 * known ones; a still picture of a cut-off log counts no time past the log's last event, however
 * long after it was written the screen is looked at. Every instant is fixed.
 */
class FrozenPictureTest {

    /** The last answer: the driver's stamp, 5 minutes after the application started. */
    private static final Instant LAST_ANSWER = T0.plusSeconds(300);

    @TempDir
    Path dir;

    private static UiState unreachable(String headline) {
        UiState live = TuiFixtures.live(TuiFixtures.liveCluster(LAST_ANSWER), 80, 24);
        return Update.apply(live, new UiEvent.FetchFailed(headline, "cannot reach …/jobs: connection refused",
                LAST_ANSWER.plusSeconds(3), Duration.ofSeconds(4))).state();
    }

    private static List<String> rows(UiState s) {
        return TextBackend.lines(Views.render(s));
    }

    @Test
    void whileTheDriverAnswersTheHeaderSaysRunningAndTheUptimeCounts() {
        UiState live = TuiFixtures.live(TuiFixtures.liveCluster(LAST_ANSWER), 80, 24);
        UiState later = Update.apply(live, new UiEvent.Tick(LAST_ANSWER.plusSeconds(60))).state();

        assertThat(rows(later).get(0)).contains("RUNNING │ Spark 4.0.1 │ up 6m00s │");
        assertThat(rows(later).get(1)).startsWith("executors 3 alive 1 dead │ 1 job 1 stage running │");
        assertThat(rows(TuiFixtures.keys(later, "2")).get(5)).startsWith("    4 run ").contains(" 5m50s ");
    }

    @Test
    void anUnreachableDriverIsNotShownRunningAndItsUptimeStopsAtTheLastAnswer() {
        UiState down = unreachable("driver unreachable");
        for (Duration after : List.of(Duration.ofSeconds(10), Duration.ofMinutes(10), Duration.ofHours(50))) {
            UiState s = Update.apply(down, new UiEvent.Tick(LAST_ANSWER.plus(after))).state();
            List<String> rows = rows(s);

            assertThat(rows.get(0)).contains("UNREACHABLE │ Spark 4.0.1 │ up 5m00s │").doesNotContain("RUNNING");
            assertThat(rows.get(1)).startsWith("last known: executors 3 alive 1 dead │ 1 job 1 stage");
            assertThat(rows.get(2)).startsWith("driver unreachable since ");
            // the running stage's wall time stops with the uptime
            assertThat(rows(TuiFixtures.keys(s, "2")).get(5)).startsWith("    4 run ").contains(" 4m50s ");
            assertThat(rows).allMatch(r -> SafeText.width(r) <= 80);
        }
    }

    @Test
    void aStatusRowWithRoomSaysTheLastKnownCountsInFull() {
        UiState wide = unreachable("driver unreachable").withSize(200, 24);

        assertThat(rows(wide).get(1)).startsWith("last known: executors 3 alive 1 dead │ 1 job 1 stage running │ every 4.0s");
    }

    @Test
    void theFirstGoodAnswerAfterwardsMakesItRunningAgain() {
        UiState down = Update.apply(unreachable("driver unreachable"), new UiEvent.Tick(LAST_ANSWER.plusSeconds(60))).state();
        Instant back = LAST_ANSWER.plusSeconds(60);
        UiState up = Update.apply(down, new UiEvent.SnapshotArrived(TuiFixtures.diagnose(TuiFixtures.liveCluster(back)),
                ProcessPaneRows.NOT_YET, back, 50, Duration.ofSeconds(2))).state();

        assertThat(rows(up).get(0)).contains("RUNNING │ Spark 4.0.1 │ up 6m00s │");
        assertThat(rows(up).get(1)).startsWith("executors 3 alive 1 dead");
    }

    @Test
    void sparkdocsOwnErrorSaysThePictureIsStaleNotThatTheDriverIsGone() {
        UiState s = Update.apply(unreachable(Poller.INTERNAL_ERROR), new UiEvent.Tick(LAST_ANSWER.plusSeconds(60))).state();

        assertThat(rows(s).get(0)).contains("STALE │ Spark 4.0.1 │ up 5m00s │").doesNotContain("UNREACHABLE", "RUNNING");
    }

    @Test
    void aStillPictureOfACutOffLogCountsNoTimePastTheLogsLastEvent() throws IOException {
        // the skewed join's log, cut while its first stage ran: before its StageCompleted (line 19)
        List<String> lines = Files.readAllLines(TuiFixtures.SKEWED_JOIN);
        Path cut = dir.resolve("local-1795967353438");
        Files.write(cut, lines.subList(0, 17));
        UiState still = TuiFixtures.still(cut, 80, 24);
        var snap = still.diagnosis().orElseThrow().snapshot();
        long lived = snap.application().durationMs(snap.takenAt());
        assertThat(lived).as("the application's life in the log").isBetween(1L, 5_000L);

        // looked at two days after the log was written: the UI loop's clock ticks on
        UiState looked = Update.apply(TuiFixtures.keys(still, "2"), new UiEvent.Tick(snap.takenAt().plus(Duration.ofHours(50)))).state();
        List<String> rows = rows(looked);

        assertThat(rows.get(0)).contains("INCOMPLETE │ Spark 4.0.1 │ up " + DurationFormat.compact(lived) + " │");
        String running = rows.stream().filter(r -> r.matches("\\s+\\d+ run .*")).findFirst().orElseThrow();
        var stage = snap.stages().stream().filter(st -> st.status() == dev.sparkdoc.model.StageStatus.ACTIVE).findFirst().orElseThrow();
        String wall = DurationFormat.compact(stage.durationMs(snap.takenAt()).orElseThrow());
        assertThat(running).contains(" " + wall + " ").doesNotContain("h");
        assertThat(stage.durationMs(snap.takenAt()).orElseThrow()).isLessThanOrEqualTo(lived);

        String detail = String.join("\n", rows(TuiFixtures.keys(looked, "\n")));
        assertThat(detail).contains("· wall " + wall);
    }
}
