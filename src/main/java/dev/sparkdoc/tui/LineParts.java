package dev.sparkdoc.tui;

import dev.sparkdoc.report.SafeText;
import java.util.ArrayList;
import java.util.List;

/**
 * One screen line made of parts that give way differently when the terminal is narrow (80
 * columns and a long name, a big count, an uptime of weeks). Key parts (a state, an id, a count, a
 * time, a key hint) are never cut. When the line is too long, extras (decoration, a detail that
 * can go) are left out first, the last one first; then free text (a name, a host, a message) is
 * cut with the ellipsis, the last free part first. Widths are display columns after the
 * {@link Glyphs} are applied, so an ASCII "..." is measured as three.
 */
final class LineParts {

    enum Give { NEVER, CUT, DROP }

    record Part(String text, Give give) {
    }

    private LineParts() {
    }

    static Part key(String text) {
        return new Part(text, Give.NEVER);
    }

    static Part free(String text) {
        return new Part(text, Give.CUT);
    }

    static Part extra(String text) {
        return new Part(text, Give.DROP);
    }

    /** The parts joined, fitted into {@code room} columns as far as giving way allows. */
    static String fit(Glyphs glyphs, int room, List<Part> parts) {
        List<String> texts = new ArrayList<>();
        int total = 0;
        for (Part p : parts) {
            String t = glyphs.line(p.text());
            texts.add(t);
            total += SafeText.width(t);
        }
        for (int i = parts.size() - 1; i >= 0 && total > room; i--) {
            if (parts.get(i).give() == Give.DROP) {
                total -= SafeText.width(texts.get(i));
                texts.set(i, "");
            }
        }
        int marker = SafeText.width(glyphs.ellipsis());
        for (int i = parts.size() - 1; i >= 0 && total > room; i--) {
            if (parts.get(i).give() == Give.CUT) {
                int was = SafeText.width(texts.get(i));
                texts.set(i, glyphs.fit(texts.get(i), Math.max(Math.min(was, marker), was - (total - room))));
                total -= was - SafeText.width(texts.get(i));
            }
        }
        return String.join("", texts);
    }
}
