package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.testing.Snapshots;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The footer shows {@code q} and {@code ?} in every mode, the failing footer keeps its way to the
 * event log whole, and the headline shows the worst finding's figures whole, at 80 columns and at
 * 200.
 */
class KeyPartsAt80And200ColumnsTest {

    private static final String LONG_ERROR = "cannot reach http://driver.example.com:4040/api/v1/applications/app-1/jobs: "
            + "connection refused (Connection refused); the driver stopped, or a firewall or the host changed: check that the "
            + "application still runs, that spark.ui.port is the port given, and that this host can reach it";

    private static List<String> rows(UiState s) {
        return TextBackend.lines(Views.render(s));
    }

    private static UiState live(int width) {
        return TuiFixtures.live(TuiFixtures.liveCluster(T0.plusSeconds(300)), width, 24);
    }

    private static UiState failing(int width) {
        AppSnapshot snap = Snapshots.app().running(T0.plusSeconds(300)).conf("spark.eventLog.dir", "file:/var/log/spark/apps")
                .build();
        UiState s = TuiFixtures.live(snap, width, 24);
        return Update.apply(s, new UiEvent.FetchFailed("driver unreachable", LONG_ERROR, T0.plusSeconds(303),
                Duration.ofSeconds(4))).state();
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 200})
    void theFooterShowsQuitAndHelpInEveryMode(int width) {
        List<UiState> modes = List.of(live(width), keys(live(width), "2"), keys(live(width), "3"), keys(live(width), "4"),
                keys(live(width), "\n"), keys(live(width), "2\n"), keys(live(width), "/abc"), keys(live(width), "/abc\n"),
                keys(live(width), "c"), keys(live(width), "?"), failing(width), keys(failing(width), "2\n"),
                TuiFixtures.still(TuiFixtures.SKEWED_JOIN, width, 24));
        for (UiState s : modes) {
            String footer = rows(s).get(23);
            assertThat(footer).as("footer in %s", s.pane()).contains("q quit", "? help");
            assertThat(SafeText.width(footer)).isLessThanOrEqualTo(width);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 200})
    void whileTheDriverIsUnreachableTheFooterSaysWhatHappenedThenTheWayToTheEventLogWhereItFitsWhole(int width) {
        String footer = rows(failing(width)).get(23);

        assertThat(footer).startsWith("q quit  ? help │ cannot reach …/jobs: connection refused").doesNotContain("……");
        if (width == 200) {
            assertThat(footer).isEqualTo("q quit  ? help │ cannot reach …/jobs: connection refused │ if it died, triage its event"
                    + " log in file:/var/log/spark/apps");
        } else {
            assertThat(footer).as("no room for the whole hint: the details instead").doesNotContain("if it died").endsWith("…");
        }
        assertThat(SafeText.width(footer)).isLessThanOrEqualTo(width);
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 200})
    void theHeadlineShowsTheWorstFindingsFiguresWhole(int width) {
        String headline = rows(TuiFixtures.still(TuiFixtures.SKEWED_JOIN, width, 24)).get(2);

        assertThat(headline).startsWith(width == 80 ? "Data skew in stage 4:" : "2 warning │ Data skew in stage 4:")
                .contains("the slowest task took 6.4 s against a 270 ms median");
        assertThat(headline).doesNotContain("2…", "6…", "27…");
        assertThat(SafeText.width(headline)).isLessThanOrEqualTo(width);
        if (width == 200) {
            assertThat(headline).endsWith("against the median's 40.5 KiB");
        }
    }
}
