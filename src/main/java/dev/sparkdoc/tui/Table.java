package dev.sparkdoc.tui;

import java.util.List;

/**
 * Columns of a pane's table. One column may be flexible: it takes the width the others leave,
 * so a wide terminal shows more of the names and 80 columns still fits every number.
 */
final class Table {

    record Column(String title, int width, boolean right) {
        static Column left(String title, int width) {
            return new Column(title, width, false);
        }

        static Column right(String title, int width) {
            return new Column(title, width, true);
        }

        /** Takes the remaining width, at least {@code min}. */
        static Column flex(String title, int min) {
            return new Column(title, -min, false);
        }
    }

    private final List<Column> columns;
    private final int[] widths;

    Table(List<Column> columns, int total) {
        this.columns = List.copyOf(columns);
        this.widths = new int[columns.size()];
        int fixed = 0;
        for (Column c : columns) {
            fixed += Math.abs(c.width()) + 1;
        }
        for (int i = 0; i < widths.length; i++) {
            Column c = columns.get(i);
            // no separator after the last column
            widths[i] = c.width() >= 0 ? c.width() : Math.max(-c.width(), total - (fixed - 1) - c.width());
        }
    }

    void header(Frame f, int row) {
        cells(f, row, columns.stream().map(Column::title).toList(), Tone.BOLD);
    }

    void cells(Frame f, int row, List<String> cells, Tone tone) {
        int col = 0;
        for (int i = 0; i < widths.length && i < cells.size(); i++) {
            f.text(col, row, widths[i], Frame.pad(cells.get(i), widths[i], columns.get(i).right()), tone);
            col += widths[i] + 1;
        }
    }

    /** The starting column of a cell (to draw bars or markers in it). */
    int start(int index) {
        int col = 0;
        for (int i = 0; i < index; i++) {
            col += widths[i] + 1;
        }
        return col;
    }

    int width(int index) {
        return widths[index];
    }

    /** The first row to show so that {@code selected} is visible in {@code visible} rows. */
    static int scrollTop(int selected, int visible, int count) {
        if (visible <= 0 || count <= visible) {
            return 0;
        }
        return Math.max(0, Math.min(selected - visible / 2, count - visible));
    }
}
