package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.signals.AccountFacts;
import dev.sparkdoc.signals.AccountFacts.Piece;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The findings pane's one-line account: from the diagnosis's facts, fitted to the width, renewed with each picture. */
class TimeBarTest {

    /** A made-up account whose slot half alone is longer than 80 columns. */
    private static final AccountFacts MANY = new AccountFacts(252_000, 1_000_000,
            List.of(new Piece("driverOnly", "driver only", "driver", 45_360), new Piece("waiting", "waiting", "waiting", 7_560),
                    new Piece("stagesRunning", "stages running", "stages", 199_080)),
            List.of(new Piece("compute", "compute", "compute", 610_000), new Piece("fetchWait", "fetch wait", "fetch", 220_000),
                    new Piece("gc", "GC", "GC", 90_000), new Piece("failed", "failed attempts", "failed", 30_000),
                    new Piece("speculationLost", "lost speculative copies", "spec lost", 20_000),
                    new Piece("idle.tail", "idle in stage tails", "idle", 20_000),
                    new Piece("idle.noJob", "idle between jobs", "idle", 10_000)));

    @Test
    void barSaysEachPartsShareOfTheWallAndTheSlotsFromTheDiagnosisFacts() {
        UiState s = TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 160, 50);
        AccountFacts a = AccountFacts.of(s.diagnosis().orElseThrow().facts().app()).orElseThrow();

        String bar = TimeBar.line(s, Glyphs.UNICODE, 160).orElseThrow();

        assertThat(bar).startsWith("time " + DurationFormat.compact(a.wallMs()) + ": ");
        Piece stages = a.wall().get(2);
        assertThat(bar).contains(String.format(Locale.ROOT, "stages %.0f%%", a.share(stages) * 100));
        Piece compute = a.slots().get(0);
        assertThat(bar).contains(String.format(Locale.ROOT, "│ slots: compute %.0f%%", a.share(compute) * 100));
    }

    @Test
    void theIdleReasonsAddUpToOneIdleShareAndTheSlotPartsComeLargestFirst() {
        String bar = TimeBar.fit(MANY, Glyphs.UNICODE, 200);

        assertThat(bar).isEqualTo("time 4m12s: driver 18% waiting 3% stages 79% │ slots: compute 61% fetch 22% GC 9% failed 3% idle 3%"
                + " spec lost 2%");
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 60, 40})
    void narrowerTheSmallestSlotPartsGiveWayFirstThenTheSlotHalf(int width) {
        String bar = TimeBar.fit(MANY, Glyphs.ASCII, width);

        assertThat(bar).startsWith("time 4m12s: driver 18% waiting 3% stages 79%");
        if (width >= 80) {
            assertThat(bar.length()).isLessThanOrEqualTo(width);
            assertThat(bar).contains("slots: compute 61% fetch 22%").doesNotContain("spec lost");
        } else {
            assertThat(bar).doesNotContain("slots");
        }
    }

    @Test
    void barIsOnTheRowUnderTheRankedFindingsAt80Columns() {
        UiState s = TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 80, 24);
        List<String> rows = TextBackend.lines(Views.render(s, Glyphs.ASCII));

        // two findings at rows 5 and 6, the bar at 7, the preview's rule at 8
        assertThat(rows.get(7)).startsWith("time ").contains("stages", "| slots: compute");
        assertThat(rows.get(7).length()).isLessThanOrEqualTo(80);
        assertThat(rows.get(8)).startsWith("--");
    }

    @Test
    void eachLivePictureRenewsTheBar() {
        Instant t0 = dev.sparkdoc.testing.Snapshots.T0.plusSeconds(600);
        UiState first = TuiFixtures.live(TuiFixtures.liveCluster(t0), 160, 50);
        Instant later = t0.plus(Duration.ofMinutes(5));
        UiState second = Update.apply(first, new UiEvent.SnapshotArrived(TuiFixtures.diagnose(TuiFixtures.liveCluster(later)),
                ProcessPaneRows.NOT_YET, later, 120, Duration.ofSeconds(2))).state();

        long wallBefore = AccountFacts.of(first.diagnosis().orElseThrow().facts().app()).orElseThrow().wallMs();
        long wallAfter = AccountFacts.of(second.diagnosis().orElseThrow().facts().app()).orElseThrow().wallMs();
        assertThat(wallAfter - wallBefore).isEqualTo(Duration.ofMinutes(5).toMillis());
        assertThat(TimeBar.line(second, Glyphs.UNICODE, 160).orElseThrow()).startsWith("time " + DurationFormat.compact(wallAfter) + ": ");
    }

    @Test
    void noBarBeforeTheFirstPicture() {
        UiState s = UiState.initial(PollStatus.live("http://driver:4040", Duration.ofSeconds(2)), 80, 24, Instant.EPOCH);

        assertThat(TimeBar.line(s, Glyphs.UNICODE, 80)).isEmpty();
    }
}
