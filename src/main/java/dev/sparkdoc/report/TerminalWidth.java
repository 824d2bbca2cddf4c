package dev.sparkdoc.report;

import java.io.IOException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/** The width to lay a report out in: the terminal's when stdout is one, else 80 columns. */
public final class TerminalWidth {

    public static final int DEFAULT = 80;

    private TerminalWidth() {
    }

    public static int detect() {
        String columns = System.getenv("COLUMNS");
        if (columns != null && columns.matches("\\d{2,4}")) {
            return Integer.parseInt(columns);
        }
        if (System.console() == null) {
            return DEFAULT;
        }
        // JLine asks the tty; it is closed at once so it never holds signals or modes.
        try (Terminal t = TerminalBuilder.builder().system(true).dumb(true).build()) {
            int w = t.getWidth();
            return w >= 40 ? w : DEFAULT;
        } catch (IOException | RuntimeException e) {
            return DEFAULT;
        }
    }
}
