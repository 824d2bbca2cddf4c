package dev.sparkdoc.tui;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.signals.StageNames;
import dev.sparkdoc.tui.Table.Column;
import java.util.List;
import java.util.Locale;

/**
 * Active and recent stages: progress, task counts, wall time, the task-time distribution as a
 * five-bar chart (min…max), and a ▲ skew marker where the slowest task took far longer than the
 * median.
 */
final class StagesView {

    /** Slowest over median task time from which a stage is marked; the skew rules start at 5×. */
    static final double SKEW_MARK = 5;

    /** Cells of the progress bar. */
    private static final int PROGRESS = 8;

    private StagesView() {
    }

    static void render(UiState s, Frame f) {
        List<Stage> rows = Rows.stages(s);
        int streams = StreamsSection.height(s);
        StreamsSection.render(s, f, Layout.BODY_TOP + Layout.bodyHeight(s) - streams);
        if (rows.isEmpty()) {
            Views.empty(f, s.diagnosis().isEmpty() ? "waiting for the first picture …" : "No stages yet.");
            return;
        }
        List<Column> columns = List.of(Column.right("ID", 5), Column.left("STATE", 5), Column.left("PROGRESS", PROGRESS),
                Column.right("TASKS", 9), Column.right("WALL", 6), Column.left("TASKS", 5), Column.right("MAX", 6),
                Column.right("SKEW", 5), Column.flex("NAME", 10));
        Views.table(s, f, Pane.STAGES, columns, rows, Math.max(0, Views.tableRows(s) - streams), st -> cells(s, st), (t, st, cells, row, sel) -> {
            t.cells(f, row, cells, sel ? Tone.SELECTED : Tone.NORMAL);
            if (!sel) {
                f.tone(t.start(2), row, t.width(2), Tone.BAR);
                f.tone(t.start(5), row, t.width(5), Tone.ACCENT);
                if (Rows.skew(s, st) >= SKEW_MARK) {
                    f.tone(t.start(7), row, t.width(7), Tone.WARNING);
                }
                if (st.status() == StageStatus.FAILED || st.tasks().failed() > 0) {
                    f.tone(t.start(1), row, t.width(1), Tone.CRITICAL);
                }
            }
        });
    }

    private static List<String> cells(UiState s, Stage st) {
        var dur = st.quantiles().map(q -> q.get(TaskMetric.DURATION));
        double skew = Rows.skew(s, st);
        return Views.cells(id(st), state(st.status()), Bars.progress(st.tasks().total(), st.tasks().completed(),
                        st.tasks().active(), PROGRESS),
                st.tasks().completed() + "/" + st.tasks().total(),
                st.durationMs(AppTime.now(s)).map(DurationFormat::compact).orElse(""),
                dur.map(Bars::distribution).orElse(""),
                dur.map(q -> DurationFormat.compact(q.max())).orElse(""),
                skew >= SKEW_MARK ? String.format(Locale.ROOT, "▲%.0f×", skew) : skew > 0 ? String.format(Locale.ROOT, "%.1f×", skew) : "",
                name(s, st));
    }

    static String id(Stage st) {
        return st.attemptId() == 0 ? Integer.toString(st.stageId()) : st.stageId() + "." + st.attemptId();
    }

    static String state(StageStatus status) {
        return switch (status) {
            case ACTIVE -> "run";
            case COMPLETE -> "done";
            case FAILED -> "FAIL";
            case PENDING -> "wait";
            case SKIPPED -> "skip";
        };
    }

    /**
     * What the user recognises (the job or SQL description, else the call site in their code, as
     * {@link StageNames} decides for findings and reports), then where in their code when that is
     * known and not the name already; never Spark's pool-thread name under AQE.
     */
    static String name(UiState s, Stage st) {
        StageNames names = names(s);
        String name = names.stage(st);
        return names.callSite(st).filter(c -> !c.equals(name)).map(c -> name + " · " + c).orElse(name);
    }

    private static StageNames names(UiState s) {
        return s.diagnosis().map(Diagnosis::names).orElseGet(StageNames::alone);
    }
}
