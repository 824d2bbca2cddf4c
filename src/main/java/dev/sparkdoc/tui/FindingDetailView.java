package dev.sparkdoc.tui;

import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.rules.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One finding opened: what fired it (each compared number against its threshold), the fixes
 * with their exact {@code --conf} lines (↑↓ chooses one, {@code c} copies it), how to verify.
 */
final class FindingDetailView {

    private FindingDetailView() {
    }

    static void render(UiState s, Frame f) {
        Drill drill = s.drill().get();
        var found = Rows.finding(s, drill.key());
        if (found.isEmpty()) {
            Views.empty(f, "This finding is gone from the latest picture (the problem may be over). Esc/b goes back.");
            return;
        }
        Finding x = found.get();
        int selectedFix = Math.min(drill.cursor(), Math.max(0, x.remedies().size() - 1));
        int rows = Layout.bodyHeight(s);
        List<Line> lines = lines(x, f.width(), selectedFix, DriverHeapSection.lines(s, x, f.width(), rows));
        // keep the chosen fix on screen
        int fixLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).group() == selectedFix) {
                fixLine = i;
                break;
            }
        }
        int top = fixLine < rows - 2 ? 0 : Math.min(fixLine - 2, Math.max(0, lines.size() - rows));
        if (selectedFix == 0 && DriverHeapSection.showsClasses(s, x)) {
            // the heap the user asked for stays in view, the first fix on the last rows below it
            top = Math.max(0, fixLine - (rows - 2));
        }
        Line.draw(f, lines, top, Layout.BODY_TOP, rows);
    }

    static List<Line> lines(Finding x, int width, int selectedFix) {
        return lines(x, width, selectedFix, List.of());
    }

    /** {@code beside}: what was read on request about the finding (the driver's heap), after its evidence. */
    static List<Line> lines(Finding x, int width, int selectedFix, List<Line> beside) {
        List<Line> out = new ArrayList<>();
        out.addAll(Line.wrap(x.severity().name() + "  " + x.title(), width, Views.severityTone(x.severity()), -1));
        String confidence = x.confidence() < 1 ? String.format(Locale.ROOT, " · confidence %.0f%%", x.confidence() * 100) : "";
        out.addAll(Line.wrap(x.family() + " · " + x.where() + " · " + x.lostText(Fmt::seconds)
                + confidence + " · rule " + x.rule(), width, Tone.DIM, -1));
        if (!x.alsoIn().isEmpty()) {
            out.addAll(Line.wrap("Also in " + x.scope().kind().id() + "s " + x.alsoInList(20), width, Tone.NORMAL, -1));
        }
        out.add(Line.of("Evidence", Tone.BOLD));
        for (Finding.Evidence e : x.evidence()) {
            String cmp = e.op().map(op -> " (" + op + " " + e.threshold().map(t -> threshold(e, t)).orElse("") + ")").orElse("");
            out.addAll(Line.wrap("  " + e.fact() + " = " + e.display() + cmp, width, Tone.NORMAL, -1));
        }
        out.addAll(beside);
        out.addAll(fixLines(x, width, selectedFix));
        // after the fixes, so the first fix stays on a 24-row screen: what each fix's settings are now
        if (!x.settings().isEmpty()) {
            out.add(Line.of("Settings in force", Tone.BOLD));
            x.settings().forEach(s -> out.addAll(Line.wrap("  " + s.display(), width, Tone.NORMAL, -1)));
        }
        if (!x.verifyText().isBlank()) {
            out.addAll(Line.wrap("Verify: " + x.verifyText(), width, Tone.NORMAL, -1));
        }
        if (!x.docs().isBlank()) {
            out.add(Line.of("Docs: " + x.docs(), Tone.DIM));
        }
        return out;
    }

    /** The fixes; {@code selected} is marked with ▸ (-1: none, as in the findings preview). */
    static List<Line> fixLines(Finding x, int width, int selected) {
        List<Line> out = new ArrayList<>();
        out.add(Line.of(selected >= 0 ? "Fixes (↑↓ choose, c copies the --conf lines)" : "Fixes", Tone.BOLD));
        for (int i = 0; i < x.remedies().size(); i++) {
            Remedy r = x.remedies().get(i);
            boolean sel = i == selected;
            out.addAll(Line.wrap((sel ? "▸ " : "  ") + (i + 1) + ". " + r.text(), width, sel ? Tone.BOLD : Tone.NORMAL, i));
            int why = i;
            r.why().ifPresent(text -> out.addAll(Line.wrap("     " + text, width, Tone.DIM, why)));
            for (String conf : Remedies.confLines(r)) {
                out.add(new Line("       " + conf, Tone.CONF, i));
            }
            int group = i;
            r.code().ifPresent(code -> code.lines().forEach(l -> out.add(new Line("       " + l, Tone.ACCENT, group))));
        }
        return out;
    }

    private static String threshold(Finding.Evidence e, double t) {
        return e.human(t);
    }
}
