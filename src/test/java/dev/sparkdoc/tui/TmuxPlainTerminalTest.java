package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.testing.RealTerminal;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code attach} in a real terminal that is not a full UTF-8 one: under TERM=dumb (or no TERM) it
 * prints the triage report without taking the alternate screen, saying why on stderr; under
 * LANG=C it draws the live view in ASCII.
 */
@RealTerminal
class TmuxPlainTerminalTest {

    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration KEY = Duration.ofSeconds(20);
    private static final Path LOG = TuiFixtures.SKEWED_JOIN.toAbsolutePath();

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"TERM=dumb, TERM=dumb", "TERM=, TERM is not set"})
    void aDumbTerminalGetsTheTriageReportAndOneLineSayingWhy(String env, String why) throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        try (Tmux tmux = Tmux.start(100, 40)) {
            tmux.awaitText(Tmux.PROMPT.strip(), KEY);
            tmux.runAttach(Tmux.attachScript(dir, env, LOG.toString()));
            tmux.awaitExit(STARTUP);

            assertThat(tmux.history()).contains("sparkdoc: " + why + ": printing the triage report instead of the live view",
                    "Data skew in stage 4").doesNotContain("1 Findings");
            assertThat(tmux.display("#{alternate_on}")).isEqualTo("0");
        }
    }

    @Test
    void aTerminalInTheCLocaleGetsTheLiveViewInAscii() throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        try (Tmux tmux = Tmux.start(80, 24)) {
            tmux.awaitText(Tmux.PROMPT.strip(), KEY);
            tmux.runAttach(Tmux.attachScript(dir, "LANG=C", LOG.toString()));
            String live = tmux.await("the live view, drawn", STARTUP, s -> s.contains("| Spark 4.0.1 | up") && s.contains("q quit"));

            assertThat(live.lines().findFirst().orElseThrow()).startsWith(" COMPLETED | Spark 4.0.1 | up ")
                    .endsWith("... (local-1795967353438)");
            assertThat(live).contains(" 1 Findings 2 | 2 Stages 3 |", "? help  q quit").matches("[\\x00-\\x7E]*");
            // where the time went, under the findings, in ASCII too
            assertThat(live.lines()).anySatisfy(l -> assertThat(l).startsWith("time ").contains("stages", "| slots: compute"));
            tmux.keys("q");
            tmux.awaitText("EXIT=0", KEY);
        }
    }
}
