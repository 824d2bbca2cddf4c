package dev.sparkdoc.tui;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.tui.Table.Column;
import java.util.List;

/**
 * Findings ranked by the seconds they cost; under them, where the app's time went so far
 * ({@link TimeBar}); below, a preview of the selected one's first fix so the config to change is
 * on screen without a key press.
 */
final class FindingsView {

    private FindingsView() {
    }

    static void render(UiState s, Frame f) {
        List<Finding> rows = Rows.findings(s);
        if (rows.isEmpty()) {
            Views.empty(f, s.diagnosis().isEmpty() ? "waiting for the first picture …"
                    : s.filter().isEmpty() ? "No findings: nothing sparkdoc's rules recognise, so far." : "No finding matches the filter.");
            timeBar(s, f, Layout.BODY_TOP + 3);
            return;
        }
        List<Column> columns = List.of(Column.left("SEV", 4), Column.right("LOST", 7), Column.left("WHERE", 12),
                Column.flex("FINDING", 20));
        int visible = Math.min(rows.size(), Math.max(3, Views.tableRows(s) - 7));
        Views.table(s, f, Pane.FINDINGS, columns, rows, visible,
                x -> Views.cells(sev(x.severity()), (x.costMeasured() ? Fmt.seconds(x.secondsLost()) : "-"), where(x), x.title()), (t, x, cells, row, sel) -> {
                    t.cells(f, row, cells, sel ? Tone.SELECTED : Tone.NORMAL);
                    if (!sel) {
                        f.tone(0, row, 4, Views.severityTone(x.severity()));
                    }
                });
        timeBar(s, f, Layout.BODY_TOP + 1 + visible);
        preview(s, f, rows.get(Rows.selected(s, Pane.FINDINGS)), Layout.BODY_TOP + 2 + visible);
    }

    /** Where the time went so far, on the row between the ranked findings and the preview: the whole the LOST column is part of. */
    private static void timeBar(UiState s, Frame f, int row) {
        if (row < Layout.footerRow(s)) {
            TimeBar.line(s, f.glyphs(), f.width()).ifPresent(text -> f.text(0, row, text, Tone.NORMAL));
        }
    }

    private static void preview(UiState s, Frame f, Finding x, int from) {
        int rows = Layout.footerRow(s) - from;
        if (rows < 2) {
            return;
        }
        f.fill(0, from, f.width(), '─', Tone.DIM);
        f.text(2, from, " " + x.where() + " ", Tone.DIM);
        List<Line> lines = FindingDetailView.fixLines(x, f.width(), -1);
        Line.draw(f, lines, 0, from + 1, rows - 1);
    }

    static String sev(Severity s) {
        return switch (s) {
            case CRITICAL -> "CRIT";
            case WARNING -> "WARN";
            case INFO -> "INFO";
            case OK -> "OK";
        };
    }

    /** Where, short: "stage 4", "stage 4.1", "exec 7", "query 3", "app". */
    static String where(Finding x) {
        var scope = x.scope();
        return switch (scope.kind()) {
            case APP -> "app";
            // "stage 12.1": the attempt in the fewest columns ("12 (attempt 1)" is the label's)
            case STAGE -> "stage " + (scope.id().endsWith(".0") ? scope.displayId() : scope.id())
                    + (x.alsoIn().isEmpty() ? "" : " +" + x.alsoIn().size());
            case EXECUTOR -> "exec " + scope.id();
            case SQL -> "query " + scope.id();
            case STREAM -> "stream " + (scope.name().isBlank() ? scope.id().substring(0, Math.min(8, scope.id().length())) : scope.name());
            default -> scope.kind().id() + " " + scope.id();
        };
    }
}
