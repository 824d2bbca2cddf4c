package dev.sparkdoc.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * A line of a detail view; {@code group} ties lines to a selectable item (a fix), -1 for none.
 */
record Line(String text, Tone tone, int group) {

    static Line of(String text, Tone tone) {
        return new Line(text, tone, -1);
    }

    /** Words wrapped to {@code width}, continuation lines indented like the first line's indent. */
    static List<Line> wrap(String text, int width, Tone tone, int group) {
        List<Line> out = new ArrayList<>();
        int indent = 0;
        while (indent < text.length() && text.charAt(indent) == ' ') {
            indent++;
        }
        String pad = " ".repeat(indent);
        String prefix = pad;
        StringBuilder current = new StringBuilder();
        for (String word : text.substring(indent).split(" +")) {
            if (current.length() > 0 && prefix.length() + current.length() + 1 + word.length() > width) {
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
