package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.testing.RealTerminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code attach} killed by a signal in a real terminal gives it back, once: out of the alternate
 * screen, the cursor shown, line mode and echo on, and no false "could not restore the terminal"
 * (Lanterna's shutdown hook and ours used to race on SIGTERM and SIGINT: 3 runs in 6 said it).
 * Each way is tried several times, since a race shows only now and then.
 */
@RealTerminal
class TmuxSignalsTest {

    private static final int RUNS = 6;
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration KEY = Duration.ofSeconds(20);
    private static final Path LOG = TuiFixtures.SKEWED_JOIN.toAbsolutePath();

    enum Way {
        SIGTERM("143"), SIGINT("130"), CTRL_C("0");

        final String exit;

        Way(String exit) {
            this.exit = exit;
        }
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Way.class)
    void aSignalGivesTheTerminalBackOnceAndSaysNothingFalse(Way way) throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        try (Tmux tmux = Tmux.start(80, 24)) {
            Path script = Tmux.attachScript(dir, "", LOG.toString());
            tmux.awaitText(Tmux.PROMPT.strip(), KEY);
            for (int run = 1; run <= RUNS; run++) {
                tmux.runAttach(script);
                tmux.await("run " + run + ": the live view is up", STARTUP,
                        s -> s.contains("Spark 4.0.1 │ up") && tmux.display("#{alternate_on}").equals("1"));
                stop(tmux, way);
                String after = tmux.awaitExit(KEY);

                assertThat(after).as("run %d", run).contains("EXIT=" + way.exit).doesNotContain("could not", "Exception");
                assertThat(tmux.display("#{alternate_on}")).as("run %d: out of the alternate screen", run).isEqualTo("0");
                assertThat(tmux.display("#{cursor_flag}")).as("run %d: cursor visible", run).isEqualTo("1");
            }
            tmux.line("echo \"STTY:$(stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e isig -e -icanon -e -echo -e -isig | sort | tr '\\n' ' ')\"");
            tmux.await("stty: echo icanon isig", KEY, s -> s.lines().anyMatch(l -> l.strip().equals("STTY:echo icanon isig")));
        }
    }

    private void stop(Tmux tmux, Way way) throws IOException, InterruptedException {
        if (way == Way.CTRL_C) {
            tmux.keys("C-c");
            return;
        }
        long pid = Long.parseLong(Files.readString(Tmux.pidFile(dir)).strip());
        Process kill = new ProcessBuilder("kill", way == Way.SIGTERM ? "-TERM" : "-INT", Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill %d", pid).isTrue();
    }
}
