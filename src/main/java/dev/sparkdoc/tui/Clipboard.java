package dev.sparkdoc.tui;

import dev.sparkdoc.proc.ChildCommand;
import java.io.IOException;
import java.time.Duration;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * Puts a copied config where the user can paste it, and says honestly where that is. Outside
 * tmux: OSC 52 to the terminal, which may or may not allow it (sparkdoc cannot tell). Inside
 * tmux, OSC 52 from a program is dropped under tmux's default {@code set-clipboard external}
 * (only {@code on} accepts it), so sparkdoc asks tmux itself: {@code tmux load-buffer -w -}
 * (tmux 3.2+) puts the text in tmux's paste buffer and sends it on to the terminal's clipboard
 * as tmux's own OSC 52; with an older tmux the raw sequence is sent only where
 * {@code set-clipboard} is {@code on}, and otherwise the box says nothing was copied.
 */
final class Clipboard {

    /** The tmux server this program runs under. */
    interface Tmux {
        /** A global option's value ({@code show-options -gv}); empty when tmux does not answer. */
        Optional<String> option(String name);

        /** {@code load-buffer -w -} with the text on stdin; false when tmux refused (older than 3.2) or is missing. */
        boolean loadBuffer(String text);
    }

    /** What the copy box says about where the text went. */
    record Outcome(String title, String note) {
    }

    private Clipboard() {
    }

    static Outcome copy(String text, boolean inTmux, Tmux tmux, OutputStream terminal) throws IOException {
        if (!inTmux) {
            send(terminal, Osc52.sequence(text));
            return new Outcome("Sent to the clipboard with OSC 52; or copy by hand:",
                    "A terminal that does not allow OSC 52 ignores it.");
        }
        if (tmux.loadBuffer(text)) {
            boolean off = tmux.option("set-clipboard").filter("off"::equals).isPresent();
            return new Outcome("In tmux's paste buffer (prefix ] pastes); or copy by hand:", off
                    ? "tmux's set-clipboard is off: it does not pass it on to the terminal's clipboard."
                    : "tmux passes it on to the terminal's clipboard where the terminal allows OSC 52.");
        }
        String mode = tmux.option("set-clipboard").orElse("external");
        if (mode.equals("on")) {
            send(terminal, Osc52.sequence(text));
            return new Outcome("Sent to tmux with OSC 52 (set-clipboard on); or copy by hand:",
                    "tmux keeps it in its paste buffer (prefix ]) and passes it on where the terminal allows OSC 52.");
        }
        return new Outcome("Not copied: tmux drops programs' OSC 52 (set-clipboard " + mode + ")",
                "To let sparkdoc copy: set -g set-clipboard on in ~/.tmux.conf, or tmux 3.2+. Copy by hand:");
    }

    private static void send(OutputStream terminal, byte[] sequence) throws IOException {
        terminal.write(sequence);
        terminal.flush();
    }

    /** The real tmux, found through {@code $TMUX} as any tmux command run from its panes finds it. */
    static final Tmux SYSTEM = new Tmux() {
        @Override
        public Optional<String> option(String name) {
            return run(List.of("tmux", "show-options", "-gv", name), null).map(String::strip);
        }

        @Override
        public boolean loadBuffer(String text) {
            return run(List.of("tmux", "load-buffer", "-w", "-"), text).isPresent();
        }

        private Optional<String> run(List<String> command, String stdin) {
            try {
                return new ChildCommand(command, env -> { }, stdin == null ? "" : stdin, true, Duration.ofSeconds(5), 64 * 1024).run()
                        .filter(ran -> ran.exitCode() == 0).map(ChildCommand.Ran::output);
            } catch (IOException e) {
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    };
}
