package dev.sparkdoc.tui;

import dev.sparkdoc.rules.Severity;
import java.util.List;
import java.util.function.Function;

/**
 * The whole screen as a pure function of the state: header, pane tabs, the pane (or what was
 * opened in it), the footer, and an overlay (help, copied config) on top.
 */
public final class Views {

    private Views() {
    }

    public static Frame render(UiState s) {
        return render(s, Glyphs.UNICODE);
    }

    /** The screen in {@code glyphs}: ASCII for a terminal whose locale is not UTF-8. */
    public static Frame render(UiState s, Glyphs glyphs) {
        Frame f = new Frame(s.width(), s.height(), glyphs);
        if (s.width() < 20 || s.height() < 8) {
            f.text(0, 0, "sparkdoc: the terminal is too small (" + s.width() + "×" + s.height() + ")", Tone.ALERT);
            return f;
        }
        HeaderView.render(s, f);
        TabsView.render(s, f);
        body(s, f);
        FooterView.render(s, f);
        if (s.help()) {
            HelpView.render(s, f);
        } else if (DriverHeapKeys.asking(s)) {
            DriverHeapSection.confirmation(s, f);
        } else if (s.copy().isPresent()) {
            CopyBox box = s.copy().get();
            List<Line> lines = new java.util.ArrayList<>();
            box.note().ifPresent(n -> lines.add(Line.of(n, Tone.DIM)));
            box.lines().forEach(l -> lines.add(Line.of(l, Tone.CONF)));
            Overlay.box(f, box.title(), lines, "any key closes");
        }
        return f;
    }

    private static void body(UiState s, Frame f) {
        if (s.drill().isPresent()) {
            if (s.drill().get().pane() == Pane.FINDINGS) {
                FindingDetailView.render(s, f);
            } else if (s.drill().get().pane() == Pane.EXECUTORS) {
                LogsView.render(s, f);
            } else {
                StageDetailView.render(s, f);
            }
            return;
        }
        switch (s.pane()) {
            case FINDINGS -> FindingsView.render(s, f);
            case STAGES -> StagesView.render(s, f);
            case EXECUTORS -> ExecutorsView.render(s, f);
            case PROCESSES -> ProcessesView.render(s, f);
        }
    }

    static Tone severityTone(Severity s) {
        return switch (s) {
            case CRITICAL -> Tone.CRITICAL;
            case WARNING -> Tone.WARNING;
            case INFO -> Tone.INFO;
            case OK -> Tone.GOOD;
        };
    }

    /** A message in the body when a pane has no rows. */
    static void empty(Frame f, String message) {
        f.text(1, Layout.BODY_TOP + 1, message, Tone.DIM);
    }

    /** Body rows available for a table with one header row. */
    static int tableRows(UiState s) {
        return Math.max(0, Layout.bodyHeight(s) - 1);
    }

    static List<String> cells(String... values) {
        return List.of(values);
    }

    /** Draws one row of a pane's table: its cells (through {@link Table#cells}) and any marks. */
    interface RowPainter<T> {
        void paint(Table t, T item, List<String> cells, int row, boolean selected);
    }

    /**
     * A pane's table: its header at the top of the body, then up to {@code visible} rows, scrolled
     * so the pane's selected row is in view, each drawn by {@code paint}. The columns fit every
     * row's cells, not only the visible ones', so they stay put while the selection scrolls.
     */
    static <T> void table(UiState s, Frame f, Pane pane, List<Table.Column> columns, List<T> rows, int visible,
                          Function<T, List<String>> cells, RowPainter<T> paint) {
        List<List<String>> all = cellsOf(pane, rows, AppTime.now(s), cells);
        Table t = new Table(columns, f.width(), all);
        int top = Layout.BODY_TOP;
        t.header(f, top);
        int selected = Rows.selected(s, pane);
        int first = Table.scrollTop(selected, visible, rows.size());
        for (int i = 0; i < visible && first + i < rows.size(); i++) {
            paint.paint(t, rows.get(first + i), all.get(first + i), top + 1 + i, first + i == selected);
        }
    }

    /**
     * Every row's cells, kept while the rows (the same list: {@link Rows} keeps it while nothing it
     * depends on changes) and the clock they are drawn at stay the same: moving the selection
     * redraws the frame, and an app of 100,000 stages would format every row for each key.
     */
    private static <T> List<List<String>> cellsOf(Pane pane, List<T> rows, java.time.Instant at, Function<T, List<String>> cells) {
        synchronized (CELLS) {
            Cells last = CELLS.get(pane);
            if (last != null && last.rows() == rows && last.at().equals(at)) {
                return last.cells();
            }
        }
        List<List<String>> all = rows.stream().map(cells).toList();
        synchronized (CELLS) {
            CELLS.put(pane, new Cells(rows, at, all));
        }
        return all;
    }

    private record Cells(List<?> rows, java.time.Instant at, List<List<String>> cells) {
    }

    private static final java.util.Map<Pane, Cells> CELLS = new java.util.EnumMap<>(Pane.class);
}
