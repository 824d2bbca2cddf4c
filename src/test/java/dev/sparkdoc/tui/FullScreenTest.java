package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Whether attach takes the screen, from the environment alone: as less and htop, not on a dumb terminal. */
class FullScreenTest {

    @ParameterizedTest
    @CsvSource({"xterm-256color", "screen", "tmux-256color", "linux", "vt100"})
    void aTerminalThatMovesItsCursorGetsTheLiveView(String term) {
        assertThat(FullScreen.whyNot(Map.of("TERM", term), true)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"dumb, TERM=dumb", "'', TERM is not set", "' ', TERM is not set"})
    void aDumbOrUnnamedTerminalGetsTheReport(String term, String why) {
        assertThat(FullScreen.whyNot(Map.of("TERM", term), true)).contains(why);
    }

    @Test
    void noTermAtAllGetsTheReport() {
        assertThat(FullScreen.whyNot(Map.of(), true)).contains("TERM is not set");
    }

    @Test
    void notATerminalComesFirst() {
        assertThat(FullScreen.whyNot(Map.of("TERM", "xterm"), false)).contains("not a terminal");
        assertThat(FullScreen.whyNot(Map.of("TERM", "dumb"), false)).contains("not a terminal");
    }
}
