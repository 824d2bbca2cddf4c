package dev.sparkdoc.tui;

/**
 * Where things go: three header rows, the pane tabs, the body, one footer row. At 80×24 the body
 * has 19 rows.
 */
final class Layout {

    static final int HEADER_ROWS = 3;
    static final int TABS_ROW = 3;
    static final int BODY_TOP = 4;
    /** Rows that are not body: header, tabs, footer. */
    static final int CHROME_ROWS = 5;

    private Layout() {
    }

    static int bodyHeight(UiState s) {
        return Math.max(0, s.height() - CHROME_ROWS);
    }

    static int footerRow(UiState s) {
        return s.height() - 1;
    }
}
