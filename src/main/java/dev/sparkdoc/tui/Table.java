package dev.sparkdoc.tui;

import dev.sparkdoc.report.SafeText;
import java.util.List;

/**
 * Columns of a pane's table. One column may be flexible: it takes the width the others leave,
 * so a wide terminal shows more of the names and 80 columns still fits every number. The other
 * columns hold key values (ids, counts, times): a value wider than its column widens it, taking
 * the room from the flexible column (down to its minimum), so it is the free text that is cut.
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

        boolean flexible() {
            return width < 0;
        }
    }

    private final List<Column> columns;
    private final int[] widths;

    /** Columns for {@code total} display columns, widened to the widest of {@code rows}' cells where there is room. */
    Table(List<Column> columns, int total, List<List<String>> rows) {
        this.columns = List.copyOf(columns);
        this.widths = new int[columns.size()];
        int used = columns.size() - 1;   // one separator between columns
        int flex = -1;
        for (int i = 0; i < widths.length; i++) {
            widths[i] = Math.abs(columns.get(i).width());
            used += widths[i];
            flex = columns.get(i).flexible() ? i : flex;
        }
        int slack = flex < 0 ? 0 : Math.max(0, total - used);
        for (int i = 0; i < widths.length && slack > 0; i++) {
            if (i != flex) {
                int grow = Math.min(slack, Math.max(0, widest(rows, i) - widths[i]));
                widths[i] += grow;
                slack -= grow;
            }
        }
        if (flex >= 0) {
            widths[flex] += slack;
        }
    }

    private static int widest(List<List<String>> rows, int column) {
        int w = 0;
        for (List<String> r : rows) {
            if (column < r.size()) {
                w = Math.max(w, SafeText.width(SafeText.line(r.get(column))));
            }
        }
        return w;
    }

    void header(Frame f, int row) {
        cells(f, row, columns.stream().map(Column::title).toList(), Tone.BOLD);
    }

    void cells(Frame f, int row, List<String> cells, Tone tone) {
        int col = 0;
        for (int i = 0; i < widths.length && i < cells.size(); i++) {
            f.text(col, row, widths[i], f.pad(cells.get(i), widths[i], columns.get(i).right()), tone);
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
