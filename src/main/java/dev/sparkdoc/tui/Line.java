package dev.sparkdoc.tui;

import dev.sparkdoc.report.SafeText;
import java.util.ArrayList;
import java.util.List;

/**
 * A line of a detail view; {@code group} ties lines to a selectable item (a fix), -1 for none.
 */
record Line(String text, Tone tone, int group) {

    /** Longest text a detail view wraps (a SQL description): about one screen. */
    static final int MAX_CHARS = 2_000;

    static Line of(String text, Tone tone) {
        return new Line(text, tone, -1);
    }

    /** Words wrapped to {@code width}, continuation lines indented like the first line's indent. */
    static List<Line> wrap(String raw, int width, Tone tone, int group) {
        // a 200 MB plan string must not become millions of lines: cut first, with a note; a
        // screen holds ~2,000 characters, more would only push the evidence and fixes away
        String text = SafeText.line(SafeText.capped(raw, MAX_CHARS));
        List<Line> out = new ArrayList<>();
        int indent = 0;
        while (indent < text.length() && text.charAt(indent) == ' ') {
            indent++;
        }
        String pad = " ".repeat(indent);
        String prefix = pad;
        StringBuilder current = new StringBuilder();
        for (String word : text.substring(indent).split(" +")) {
            if (current.length() > 0 && SafeText.width(prefix) + SafeText.width(current.toString()) + 1 + SafeText.width(word) > width) {
                out.add(new Line(prefix + current, tone, group));
                current = new StringBuilder();
                prefix = pad + "  ";
            }
            if (current.length() > 0) {
                current.append(' ');
            }
            current.append(word);
        }
        out.add(new Line(prefix + current, tone, group));
        return out;
    }

    /** Draws lines from {@code top} into the rows {@code from}..{@code from+rows-1}. */
    static void draw(Frame f, List<Line> lines, int top, int from, int rows) {
        for (int i = 0; i < rows && top + i < lines.size(); i++) {
            Line l = lines.get(top + i);
            f.text(0, from + i, l.text(), l.tone());
        }
    }
}
