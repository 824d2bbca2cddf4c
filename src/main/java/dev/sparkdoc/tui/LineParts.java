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

    /** CLAUSES: free text cut where a clause or word ends, so no number is shown cut in half. */
    enum Give { NEVER, CUT, CLAUSES, DROP }

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

    /**
     * Free text that is cut after a whole clause ("…, the median 270 ms"), else after a whole
     * word: a finding's title, whose figures must read whole or not at all.
     */
    static Part sentence(String text) {
        return new Part(text, Give.CLAUSES);
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
            Give give = parts.get(i).give();
            if (give == Give.CUT || give == Give.CLAUSES) {
                int was = SafeText.width(texts.get(i));
                int to = Math.max(Math.min(was, marker), was - (total - room));
                texts.set(i, give == Give.CUT ? glyphs.fit(texts.get(i), to) : atBoundary(glyphs, texts.get(i), to));
                total -= was - SafeText.width(texts.get(i));
            }
        }
        return String.join("", texts);
    }

    /**
     * The text cut to {@code room} columns after its last whole clause that fits (ended by ", ",
     * "; " or ": "), when that keeps most of the room; else after its last whole word; the
     * ellipsis says more followed.
     */
    static String atBoundary(Glyphs glyphs, String text, int room) {
        if (SafeText.width(text) <= room) {
            return text;
        }
        int marker = SafeText.width(glyphs.ellipsis());
        int clause = -1;
        int word = -1;
        for (int i = 1; i < text.length(); i++) {
            if (text.charAt(i) != ' ' || text.charAt(i - 1) == ' ') {
                continue;
            }
            boolean punctuation = ",;:".indexOf(text.charAt(i - 1)) >= 0;
            int shown = SafeText.width(text.substring(0, punctuation ? i - 1 : i)) + 1 + marker;
            if (shown > room) {
                break;
            }
            if (punctuation) {
                clause = i - 1;
            }
            if (SafeText.width(text.substring(0, i)) + 1 + marker <= room) {
                word = i;
            }
        }
        // a clause that leaves most of the room unused reads worse than a few more whole words
        int cut = clause > 0 && SafeText.width(text.substring(0, clause)) * 3 >= room * 2 ? clause : word;
        return cut > 0 ? text.substring(0, cut) + " " + glyphs.ellipsis() : glyphs.fit(text, room);
    }
}
