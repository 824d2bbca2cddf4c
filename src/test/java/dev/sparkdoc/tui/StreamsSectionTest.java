package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.StreamingProgress;
import dev.sparkdoc.model.StreamingQuery;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.testing.Snapshots;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Stages pane ends with the application's streaming queries when it runs any: a query read
 * live whose batches run back to back, each with more rows than the last, is shown with the
 * falling-behind finding's title; an application without streams keeps the whole pane for stages.
 */
class StreamsSectionTest {
    // 80×24: the body is rows 4-22, the section its last two; 160×50: rows 47-48

    private static final Instant NOW = Instant.parse("2026-01-01T00:10:00Z");

    /** Batches of 500 ms every 2 s, 40 rows each. */
    private static StreamingQuery keepsUp() {
        List<StreamingProgress> batches = new ArrayList<>();
        for (int b = 0; b < 4; b++) {
            batches.add(new StreamingProgress(b, NOW.minusSeconds(10 - 2L * b), 500, Map.of(), 40, 0, 80, 0, 0, 0,
                    Optional.empty(), Optional.empty()));
        }
        return new StreamingQuery("9a8b7c6d-0d6e-4f7a-9b8c-1d2e3f4a5b6c", "8b7c6d5e-4b5a-6978-8a9b-0c1d2e3f4a5b",
                "steady_stream", Optional.of(NOW.minusSeconds(10)), Optional.empty(), Optional.empty(), List.of(), "",
                batches.size(), batches.stream().findFirst(), batches);
    }

    /** Batches of 4, 8, 12 and 16 s back to back, 20, 80, 160 and 240 rows: as a live read gives them (no parts). */
    private static StreamingQuery behind() {
        List<StreamingProgress> batches = new ArrayList<>();
        Instant at = NOW.minusSeconds(60);
        long[] rows = {20, 80, 160, 240};
        for (int b = 0; b < rows.length; b++) {
            long ms = 4_000L * (b + 1);
            batches.add(new StreamingProgress(b, at, ms, Map.of(), rows[b], 0, rows[b] * 1000.0 / ms, 0, 0, 0,
                    Optional.empty(), Optional.empty()));
            at = at.plusMillis(ms + 300);
        }
        return new StreamingQuery("02f6529e-8c6d-45ec-865f-c316aad262cf", "1ea61294-647d-4773-8ca3-dd1c19f7869c",
                "orders_stream", Optional.of(NOW.minusSeconds(60)), Optional.empty(), Optional.empty(), List.of(), "",
                batches.size(), batches.stream().findFirst(), batches);
    }

    private static AppSnapshot app(List<StreamingQuery> streams) {
        AppSnapshot s = Snapshots.app().running(NOW).stage(stage(7).tasks(20, 20).quantiles(TaskMetric.DURATION, q(100, 150))).build();
        return new AppSnapshot(s.source(), s.application(), s.jobs(), s.stages(), s.executors(), s.sqlExecutions(),
                s.environment(), s.takenAt(), s.taskThreads(), s.driverDump(), streams);
    }

    private static List<String> stagesPane(AppSnapshot snap, int width, int height) {
        UiState s = keys(TuiFixtures.live(snap, width, height), "2");
        return TuiFixtures.screenshot(s, new Palette(false)).rows();
    }

    @Test
    void aQueryFallingBehindIsShownUnderTheStagesWithItsFinding() {
        List<String> rows = stagesPane(app(List.of(behind())), 80, 24);

        assertThat(rows.get(21)).isEqualTo(" Streaming queries");
        assertThat(rows.get(22)).isEqualTo(" orders_stream ▲ falling behind  4 batches · last 16.0 s, 240 rows · p50 8.0 s");
        assertThat(rows).anyMatch(r -> r.startsWith("    7 "));
    }

    @Test
    void aQueryThatKeepsUpIsShownWithoutAMarkAt160Columns() {
        List<String> rows = stagesPane(app(List.of(keepsUp())), 160, 50);

        assertThat(rows.get(47)).isEqualTo(" Streaming queries");
        assertThat(rows.get(48)).isEqualTo(" steady_stream  4 batches · last 500 ms, 40 rows · p50 500 ms");
    }

    @Test
    void anApplicationWithoutStreamsHasNoStreamingSection() {
        List<String> rows = stagesPane(app(List.of()), 80, 24);

        assertThat(rows).noneMatch(r -> r.contains("Streaming queries"));
    }
}
