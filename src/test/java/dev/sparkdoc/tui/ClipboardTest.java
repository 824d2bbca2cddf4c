package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code c} says where the config went: OSC 52 outside tmux; inside tmux, through tmux itself
 * (its default set-clipboard external drops a program's OSC 52, so claiming "copied" would lie).
 */
class ClipboardTest {

    private static final String CONF = "--conf spark.sql.autoBroadcastJoinThreshold=10m";

    /** A tmux that answers with these settings and records what it was given. */
    private static final class FakeTmux implements Clipboard.Tmux {
        final String setClipboard;
        final boolean loads;
        final List<String> loaded = new ArrayList<>();

        FakeTmux(String setClipboard, boolean loads) {
            this.setClipboard = setClipboard;
            this.loads = loads;
        }

        @Override
        public Optional<String> option(String name) {
            return name.equals("set-clipboard") ? Optional.of(setClipboard) : Optional.empty();
        }

        @Override
        public boolean loadBuffer(String text) {
            if (loads) {
                loaded.add(text);
            }
            return loads;
        }
    }

    private final ByteArrayOutputStream terminal = new ByteArrayOutputStream();

    private String written() {
        return terminal.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void outsideTmuxItSendsOsc52AndSaysTheTerminalMayIgnoreIt() throws IOException {
        Clipboard.Outcome o = Clipboard.copy(CONF, false, new FakeTmux("external", true), terminal);

        assertThat(written()).isEqualTo(new String(Osc52.sequence(CONF), StandardCharsets.US_ASCII));
        assertThat(o.title()).startsWith("Sent to the clipboard with OSC 52");
        assertThat(o.note()).contains("does not allow OSC 52 ignores it");
    }

    @Test
    void underTmuxsDefaultTheTextGoesToTmuxsBufferThroughTmuxItselfNotAsADroppedOsc52() throws IOException {
        FakeTmux tmux = new FakeTmux("external", true);
        Clipboard.Outcome o = Clipboard.copy(CONF, true, tmux, terminal);

        assertThat(tmux.loaded).containsExactly(CONF);
        assertThat(written()).as("an OSC 52 tmux would drop").isEmpty();
        assertThat(o.title()).startsWith("In tmux's paste buffer (prefix ] pastes)").doesNotContain("Copied");
        assertThat(o.note()).contains("passes it on to the terminal's clipboard");
    }

    @Test
    void withSetClipboardOffItSaysTheTerminalsClipboardIsNotReached() throws IOException {
        Clipboard.Outcome o = Clipboard.copy(CONF, true, new FakeTmux("off", true), terminal);

        assertThat(o.title()).startsWith("In tmux's paste buffer");
        assertThat(o.note()).contains("set-clipboard is off");
    }

    @Test
    void anOlderTmuxUnderSetClipboardExternalGetsNothingAndTheBoxSaysSo() throws IOException {
        Clipboard.Outcome o = Clipboard.copy(CONF, true, new FakeTmux("external", false), terminal);

        assertThat(written()).isEmpty();
        assertThat(o.title()).isEqualTo("Not copied: tmux drops programs' OSC 52 (set-clipboard external)");
        assertThat(o.note()).contains("set -g set-clipboard on");
    }

    @Test
    void anOlderTmuxWithSetClipboardOnGetsTheOsc52ItAccepts() throws IOException {
        Clipboard.Outcome o = Clipboard.copy(CONF, true, new FakeTmux("on", false), terminal);

        assertThat(written()).isEqualTo(new String(Osc52.sequence(CONF), StandardCharsets.US_ASCII));
        assertThat(o.title()).startsWith("Sent to tmux with OSC 52 (set-clipboard on)");
    }

    @Test
    void theCopyBoxShowsWhatTheCopyDid() {
        UiState still = TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 80, 24);
        UiState pressed = TuiFixtures.keys(still, "jc");
        assertThat(pressed.copy()).get().extracting(CopyBox::title).asString().doesNotContain("Copied");

        UiState reported = Update.apply(pressed, new UiEvent.CopyReported("In tmux's paste buffer (prefix ] pastes); or copy by hand:",
                "tmux passes it on to the terminal's clipboard where the terminal allows OSC 52.")).state();
        String screen = TextBackend.text(Views.render(reported));
        assertThat(screen).contains("In tmux's paste buffer (prefix ] pastes)", "tmux passes it on", CONF);
    }
}
