package dev.sparkdoc.tui;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.signals.AccountFacts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where the time went so far, in one line: the wall clock's parts in the account's order, then
 * the slot time's, largest first ({@code time 4m12s: driver 18% waiting 3% stages 79% │ slots:
 * compute 61% fetch 22% GC 9% idle 8%}). Numbers and words only, so it reads without colour.
 * Narrower, the smallest slot parts give way first, then the slot half, then the wall's parts
 * under 1 %; what is left is cut with an ellipsis.
 */
final class TimeBar {

    /** A part that rounds to 0 % says nothing on a glance line. */
    private static final double SHOWN = 0.005;

    private TimeBar() {
    }

    /** The bar's text for {@code width} columns, empty before the first picture or when the app has no account. */
    static Optional<String> line(UiState s, Glyphs glyphs, int width) {
        return s.diagnosis().flatMap(d -> AccountFacts.of(d.facts().app())).filter(a -> a.wallMs() > 0)
                .map(a -> fit(a, glyphs, width));
    }

    static String fit(AccountFacts a, Glyphs glyphs, int width) {
        String time = "time " + DurationFormat.compact(a.wallMs()) + ": ";
        List<String> wall = shares(a, a.wall(), false);
        List<String> slots = shares(a, a.slots(), true);
        for (int kept = slots.size(); kept >= 1; kept--) {
            String line = time + String.join(" ", wall) + " │ slots: " + String.join(" ", slots.subList(0, kept));
            if (SafeText.width(glyphs.line(line)) <= width) {
                return line;
            }
        }
        return time + String.join(" ", wall);
    }

    /** "fetch 22%" per brief label (the idle reasons summed into one), those under half a percent left out. */
    private static List<String> shares(AccountFacts a, List<AccountFacts.Piece> pieces, boolean largestFirst) {
        Map<String, Double> byBrief = new LinkedHashMap<>();
        pieces.forEach(p -> byBrief.merge(p.brief(), a.share(p), Double::sum));
        List<Map.Entry<String, Double>> shown = new ArrayList<>(byBrief.entrySet().stream().filter(e -> e.getValue() >= SHOWN).toList());
        if (largestFirst) {
            shown.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()));
        }
        return shown.stream().map(e -> String.format(Locale.ROOT, "%s %.0f%%", e.getKey(), Math.min(1, e.getValue()) * 100)).toList();
    }
}
