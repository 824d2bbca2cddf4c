package dev.sparkdoc.tui;

import dev.sparkdoc.report.SafeText;
import java.util.List;
import java.util.stream.Stream;

/** A bordered box drawn over the middle of the screen (help, copied config). */
final class Overlay {

    private Overlay() {
    }

    /** Lines too long for the box are wrapped, not cut: a copied --conf line must be whole to be typed. */
    static void box(Frame f, String title, List<Line> content, String bottom) {
        int inner = Math.min(f.width() - 4, Math.max(Math.max(SafeText.width(title), SafeText.width(bottom)) + 2,
                content.stream().mapToInt(l -> SafeText.width(l.text())).max().orElse(0)) + 2);
        List<Line> lines = content.stream().flatMap(l -> SafeText.width(l.text()) <= inner - 2 ? Stream.of(l)
                : Line.wrap(l.text(), inner - 2, l.tone(), l.group()).stream()).toList();
        int height = Math.min(f.height() - 2, lines.size() + 2);
        int left = Math.max(0, (f.width() - inner - 2) / 2);
        int top = Math.max(0, (f.height() - height) / 2);
        for (int r = 0; r < height; r++) {
            f.fill(left, top + r, inner + 2, ' ', Tone.NORMAL);
            f.set(left, top + r, '│', Tone.ACCENT);
            f.set(left + inner + 1, top + r, '│', Tone.ACCENT);
        }
        f.fill(left, top, inner + 2, '─', Tone.ACCENT);
        f.fill(left, top + height - 1, inner + 2, '─', Tone.ACCENT);
        f.set(left, top, '┌', Tone.ACCENT);
        f.set(left + inner + 1, top, '┐', Tone.ACCENT);
        f.set(left, top + height - 1, '└', Tone.ACCENT);
        f.set(left + inner + 1, top + height - 1, '┘', Tone.ACCENT);
        f.text(left + 2, top, inner - 2, " " + title + " ", Tone.BOLD);
        f.text(left + 2, top + height - 1, inner - 2, " " + bottom + " ", Tone.DIM);
        for (int i = 0; i < height - 2 && i < lines.size(); i++) {
            f.text(left + 2, top + 1 + i, inner - 2, lines.get(i).text(), lines.get(i).tone());
        }
    }
}
