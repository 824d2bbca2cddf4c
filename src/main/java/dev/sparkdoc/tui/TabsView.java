package dev.sparkdoc.tui;

import dev.sparkdoc.report.SafeText;

/** The pane tabs with row counts; the filter and sort order of the current pane on the right. */
final class TabsView {

    private TabsView() {
    }

    static void render(UiState s, Frame f) {
        int row = Layout.TABS_ROW;
        int col = 0;
        for (Pane p : Pane.values()) {
            String label = " " + p.number() + " " + p.title() + count(s, p) + " ";
            col += f.text(col, row, label, p == s.pane() ? Tone.SELECTED : Tone.NORMAL);
            col += f.text(col, row, "│", Tone.DIM);
        }
        // right-aligned when it fits; else cut after the tabs, which stay whole: a filter in force
        // first, since it hides rows, then the sort order
        String right = f.glyphs().line((s.filter().isEmpty() || s.editingFilter() ? "" : "filter: " + s.filter() + " │ ")
                + "sort: " + Rows.sortName(s.pane(), s.sort(s.pane())));
        int start = Math.max(col + 1, f.width() - SafeText.width(right));
        f.text(start, row, right, Tone.DIM);
    }

    private static String count(UiState s, Pane p) {
        if (p == Pane.PROCESSES && s.processes().unavailable().isPresent()) {
            return "";
        }
        return s.diagnosis().isEmpty() ? "" : " " + Rows.count(s, p);
    }
}
