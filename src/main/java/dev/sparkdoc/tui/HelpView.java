package dev.sparkdoc.tui;

import java.util.ArrayList;
import java.util.List;

/** Every key, written from the {@link Action} table that also drives the bindings. */
final class HelpView {

    private static final int KEYS = 8;

    private HelpView() {
    }

    static void render(UiState s, Frame f) {
        Overlay.box(f, "sparkdoc attach: keys", lines(f.glyphs(), f.width(), f.height()), "any key closes · q quits");
    }

    static List<Line> lines(Glyphs g, int width, int height) {
        Action[] all = Action.values();
        boolean twoColumns = all.length + 2 > height - 2 && width >= 76;
        List<Line> out = new ArrayList<>();
        if (!twoColumns) {
            for (Action a : all) {
                out.add(Line.of(entry(g, a, width - 8), Tone.NORMAL));
            }
            return out;
        }
        int half = (all.length + 1) / 2;
        int column = (Math.min(width, 100) - 8) / 2;
        for (int i = 0; i < half; i++) {
            String left = g.pad(entry(g, all[i], column), column, false);
            String right = i + half < all.length ? entry(g, all[i + half], column) : "";
            out.add(Line.of(left + "  " + right, Tone.NORMAL));
        }
        return out;
    }

    private static String entry(Glyphs g, Action a, int width) {
        return g.fit(g.pad(a.keys(), KEYS, false) + " " + a.help(), width);
    }
}
