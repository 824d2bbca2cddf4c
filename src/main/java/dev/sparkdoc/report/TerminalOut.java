package dev.sparkdoc.report;

import java.io.PrintStream;
import java.util.List;

/**
 * Prints report lines to a terminal or pipe through {@link SafeText#terminalLine}: the last guard,
 * so that no output path can pass an escape sequence from application data, only the colours
 * sparkdoc itself adds (and none without colour).
 */
public final class TerminalOut {

    private TerminalOut() {
    }

    public static void print(List<String> lines, Theme theme, PrintStream out) {
        StringBuilder block = new StringBuilder();
        append(lines, theme, block);
        out.print(block);
        out.flush();
    }

    /** Lines, each guarded and ending with a newline, appended to {@code block}. */
    public static void append(List<String> lines, Theme theme, StringBuilder block) {
        for (String line : lines) {
            block.append(SafeText.terminalLine(line, theme.color())).append(System.lineSeparator());
        }
    }
}
