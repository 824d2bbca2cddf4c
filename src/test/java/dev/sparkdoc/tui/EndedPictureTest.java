package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.EndedLog;
import dev.sparkdoc.testing.Snapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live view of a driver that stopped answering after its event log got its finished name (see EndedLogTest). */
class EndedPictureTest {

    private static final Instant LAST = T0.plusSeconds(300);

    @TempDir
    Path logs;

    private AppSnapshot app(String dir) {
        return Snapshots.app().running(LAST).conf("spark.eventLog.dir", dir).build();
    }

    @Test
    void anUnreachableDriverWhoseLogEndedReadsEndedAndPointsAtTheLog() throws IOException {
        AppSnapshot snap = app(logs.toString());
        UiState live = TuiFixtures.live(snap, 80, 24);
        Update.Step failed = Update.apply(live, new UiEvent.FetchFailed("driver unreachable", "connection refused",
                LAST.plusSeconds(2), Duration.ofSeconds(4)));
        assertThat(failed.effects()).contains(new Effect.LookForEndedLog(snap));

        Path log = Files.writeString(logs.resolve("app-test"), "{}");
        UiState ended = Update.apply(failed.state(), new UiEvent.LogShowsEnded(EndedLog.find(snap).orElseThrow().toString())).state();
        List<String> rows = TextBackend.lines(Views.render(ended.withNow(LAST.plusSeconds(60))));
        assertThat(rows.get(0)).contains("ENDED │ Spark 4.0.1 │ up 5m00s │").doesNotContain("UNREACHABLE", "RUNNING");
        assertThat(rows.get(23)).startsWith("q quit  ? help │ it ended: sparkdoc triage " + log.toString().substring(0, 20));
        assertThat(Update.apply(ended, new UiEvent.FetchFailed("driver unreachable", "connection refused", LAST.plusSeconds(6),
                Duration.ofSeconds(8))).effects()).as("looked once").doesNotContain(new Effect.LookForEndedLog(snap));

        UiState back = Update.apply(ended, new UiEvent.SnapshotArrived(TuiFixtures.diagnose(snap), ProcessPaneRows.NOT_YET,
                LAST.plusSeconds(10), 50, Duration.ofSeconds(2))).state();
        assertThat(back.poll().endedLog()).isEmpty();
        assertThat(TextBackend.lines(Views.render(back)).get(0)).contains("RUNNING │");
    }
}
