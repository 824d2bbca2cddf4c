package dev.sparkdoc.tui;

import java.util.Map;
import java.util.Optional;

/**
 * Whether {@code attach} may take the screen. Not when stdout is not a terminal (a pipe, a file),
 * and not when TERM says the terminal cannot move its cursor: {@code TERM=dumb} (Emacs' shell,
 * some CI consoles and IDE run windows) or no TERM at all, where {@code less} and {@code htop}
 * also refuse full-screen mode. There the triage report is printed instead.
 */
public final class FullScreen {

    private FullScreen() {
    }

    /** Why the live view cannot be shown, in a few words for one line on stderr; empty when it can. */
    public static Optional<String> whyNot(Map<String, String> env, boolean console) {
        if (!console) {
            return Optional.of("not a terminal");
        }
        String term = env.getOrDefault("TERM", "").strip();
        if (term.isEmpty()) {
            return Optional.of("TERM is not set");
        }
        return term.equals("dumb") ? Optional.of("TERM=dumb") : Optional.empty();
    }
}
