package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.signals.StageSignals;
import dev.sparkdoc.testing.Snapshots;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The stage row's skew mark is the fact the skew rule reads (stage.duration.maxOverP50, its median
 * floored at 100 ms), never a second formula: a stage of 10 ms tasks with one of 600 ms is 6×,
 * not 60×, on the screen as in the finding.
 */
class SkewMarkReadsTheFactTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:10:00Z");

    private static AppSnapshot tinyTasksWithOneSlow() {
        return Snapshots.app().running(NOW)
                .stage(stage(7).tasks(20, 20).quantiles(TaskMetric.DURATION, q(10, 600)))
                .build();
    }

    @Test
    void aTenMillisecondMedianWithASixHundredMillisecondMaxIsSixTimesOnTheRowAndInTheFact() {
        UiState s = keys(TuiFixtures.live(tinyTasksWithOneSlow(), 160, 50), "2");

        double fact = s.diagnosis().orElseThrow().facts().find(ScopeKind.STAGE, "7.0").orElseThrow()
                .value(StageSignals.DURATION_MAX_OVER_P50).orElseThrow();
        assertThat(fact).isEqualTo(6.0);
        assertThat(Rows.skew(s, Rows.stages(s).get(0))).isEqualTo(fact);
        String row = TuiFixtures.screenshot(s, new Palette(false)).rows().stream().filter(r -> r.startsWith("    7 ")).findFirst()
                .orElseThrow();
        assertThat(row).contains("▲6×").doesNotContain("60×");
    }
}
