package dev.sparkdoc.tui;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.tui.Table.Column;
import java.util.List;
import java.util.Locale;

/** Local processes of the application with CPU, RSS, threads and a CPU sparkline. */
final class ProcessesView {

    /** A figure the platform did not give (RSS of a zombie, CPU before a second sample): never a made-up 0. */
    private static final String UNKNOWN = "–";

    private ProcessesView() {
    }

    static void render(UiState s, Frame f) {
        if (s.processes().unavailable().isPresent()) {
            f.text(1, Layout.BODY_TOP + 1, s.processes().unavailable().get(), Tone.DIM);
            f.text(1, Layout.BODY_TOP + 2, "Executor memory peaks (JVM and Python RSS) are in pane 3.", Tone.DIM);
            return;
        }
        List<ProcessRow> rows = Rows.processes(s);
        if (rows.isEmpty()) {
            Views.empty(f, "No local processes of this application (it may run on other hosts).");
            return;
        }
        List<Column> columns = List.of(Column.right("PID", 7), Column.left("ROLE", 16), Column.left("EXEC", 6),
                Column.right("CPU%", 5), Column.right("RSS", 6), Column.right("THR", 4), Column.left("CPU HISTORY", 12),
                Column.flex("COMMAND", 10));
        double maxCpu = rows.stream().flatMap(r -> r.cpuHistory().stream()).mapToDouble(Double::doubleValue).max().orElse(100);
        Views.table(s, f, Pane.PROCESSES, columns, rows, Views.tableRows(s),
                p -> Views.cells(Long.toString(p.pid()), p.role(), p.executorId().orElse(""),
                        p.cpuPercent().isPresent() ? String.format(Locale.ROOT, "%.0f", p.cpuPercent().getAsDouble()) : UNKNOWN,
                        p.rssBytes().isPresent() ? ByteFormat.compact(p.rssBytes().getAsLong()) : UNKNOWN,
                        p.threads().isPresent() ? Integer.toString(p.threads().getAsInt()) : UNKNOWN,
                        Bars.sparkline(p.cpuHistory(), Math.max(100, maxCpu), 12), p.command()),
                (t, p, cells, row, sel) -> t.cells(f, row, cells, sel ? Tone.SELECTED : Tone.NORMAL));
    }
}
