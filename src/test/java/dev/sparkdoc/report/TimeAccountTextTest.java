package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.account.Cause;
import dev.sparkdoc.account.TimeAccount;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The account's lines in the text report: a part the source gave no data for is named as such, never shown as a share. */
class TimeAccountTextTest {

    /** 100 s of wall, all stages running; 400 slot-s, 300 of them idle in stage tails and 100 compute. */
    private static TimeAccount account(boolean tasksMeasured) {
        List<TimeAccount.Part> parts = new ArrayList<>();
        for (Cause c : Cause.values()) {
            long ms = switch (c) {
                case STAGES_RUNNING -> 100_000;
                case COMPUTE -> 100_000;
                case IDLE_TAIL -> 300_000;
                default -> 0;
            };
            boolean wall = c.clock() == Cause.Clock.WALL;
            boolean measured = wall || c == Cause.IDLE_NO_JOB || c == Cause.IDLE_WAITING || tasksMeasured;
            parts.add(new TimeAccount.Part(c, wall ? Optional.of(ms) : Optional.empty(), wall ? Optional.empty() : Optional.of(ms), "app",
                    Optional.empty(), measured));
        }
        return new TimeAccount(100_000, 400_000, parts, 100_000, 100_000);
    }

    @Test
    void measuredPartsShowTheirShares() {
        String text = String.join("\n", TimeAccountText.lines(account(true), 200));
        assertThat(text).contains("slots: 6 min 40 s offered — 75% idle in stage tails, 25% compute").doesNotContain("not measured");
    }

    @Test
    void partsWithoutTaskMetricsAreNamedNotMeasuredInsteadOfShownAsShares() {
        String text = String.join("\n", TimeAccountText.lines(account(false), 400));
        assertThat(text).contains("none measured; not measured (no task metrics): compute, fetch wait, GC")
                .doesNotContain("% idle in stage tails").doesNotContain("% compute");
    }
}
