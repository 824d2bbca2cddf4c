package dev.sparkdoc.tui;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.tui.Table.Column;
import java.util.List;

/**
 * Executors (and the driver): tasks, storage memory, GC share, shuffle, and peak process memory
 * from Spark's executor metrics (JVM and Python RSS need
 * spark.executor.processTreeMetrics.enabled=true, else "–"). Dead and excluded ones are marked.
 */
final class ExecutorsView {

    private ExecutorsView() {
    }

    static void render(UiState s, Frame f) {
        List<Executor> rows = Rows.executors(s);
        if (rows.isEmpty()) {
            Views.empty(f, s.diagnosis().isEmpty() ? "waiting for the first picture …" : "No executors reported.");
            return;
        }
        List<Column> columns = List.of(Column.left("ID", 6), Column.left("STATE", 5), Column.flex("HOST", 6),
                Column.right("CORE", 4), Column.right("ACT", 3), Column.right("FAIL", 4), Column.right("MEM/MAX", 11),
                Column.right("GC", 4), Column.right("SHUF R", 6), Column.right("SHUF W", 6), Column.right("JVM RSS", 7),
                Column.right("PY RSS", 6));
        Views.table(s, f, Pane.EXECUTORS, columns, rows, Views.tableRows(s), ExecutorsView::cells, (t, e, cells, row, sel) -> {
            t.cells(f, row, cells, sel ? Tone.SELECTED : !e.active() ? Tone.DIM : e.excluded() ? Tone.WARNING : Tone.NORMAL);
            if (!sel && e.failedTasks() > 0) {
                f.tone(t.start(5), row, t.width(5), Tone.CRITICAL);
            }
        });
    }

    private static List<String> cells(Executor e) {
        return Views.cells(e.id(), state(e), e.host(), Integer.toString(e.totalCores()),
                Integer.toString(e.activeTasks()), Integer.toString(e.failedTasks()),
                ByteFormat.compact(e.memoryUsed()) + "/" + ByteFormat.compact(e.maxMemory()), Fmt.percent(Rows.gcFraction(e)),
                ByteFormat.compact(e.totalShuffleRead()), ByteFormat.compact(e.totalShuffleWrite()),
                peak(e, "ProcessTreeJVMRSSMemory"), peak(e, "ProcessTreePythonRSSMemory"));
    }

    static String state(Executor e) {
        if (!e.active()) {
            return "✗dead";
        }
        return e.excluded() ? "!excl" : "live";
    }

    /** A peak metric, "–" when Spark reported none (process-tree metrics are off by default). */
    static String peak(Executor e, String metric) {
        return e.peak(metric).filter(v -> v > 0).map(ByteFormat::compact).orElse("–");
    }
}
