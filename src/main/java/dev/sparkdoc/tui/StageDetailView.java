package dev.sparkdoc.tui;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskQuantiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One stage opened: its totals, the task quantiles table (min/25/50/75/max of each metric that is
 * not all zero), the notable tasks (slowest finished and still running) with executor and host,
 * and failures by reason. ↑↓ scrolls.
 */
final class StageDetailView {

    private static final String QUANTILE_ROW = "  %-21s %8s %8s %8s %8s %8s";

    private StageDetailView() {
    }

    static void render(UiState s, Frame f) {
        Optional<Stage> stage = s.drill().flatMap(d -> Rows.stage(s, d.key()));
        if (stage.isEmpty()) {
            Views.empty(f, "This stage is not in the latest picture. Esc/b goes back.");
            return;
        }
        List<Line> lines = lines(s, stage.get(), f.width());
        int top = Math.min(s.drill().get().cursor(), Math.max(0, lines.size() - Layout.bodyHeight(s)));
        Line.draw(f, lines, top, Layout.BODY_TOP, Layout.bodyHeight(s));
    }

    /** How far ↓ may scroll the opened stage. */
    static int maxScroll(UiState s) {
        return s.drill().flatMap(d -> Rows.stage(s, d.key()))
                .map(st -> Math.max(0, lines(s, st, s.width()).size() - Layout.bodyHeight(s)))
                .orElse(0);
    }

    static List<Line> lines(UiState s, Stage st, int width) {
        List<Line> out = new ArrayList<>();
        out.addAll(Line.wrap("Stage " + st.stageId() + " (attempt " + st.attemptId() + ") " + st.status() + " · "
                + StagesView.name(s, st), width, Tone.BOLD, -1));
        var tasks = st.tasks();
        // every figure is a key part: these rows wrap rather than lose one at 80 columns
        out.addAll(Line.wrap(String.format(Locale.ROOT, "tasks %d: %d done, %d running, %d failed, %d killed · wall %s",
                tasks.total(), tasks.completed(), tasks.active(), tasks.failed(), tasks.killed(),
                st.durationMs(AppTime.now(s)).map(DurationFormat::compact).orElse("?")), width, Tone.NORMAL, -1));
        var t = st.totals();
        out.addAll(Line.wrap("task time " + DurationFormat.compact(t.executorRunTimeMs()) + " · GC " + DurationFormat.compact(t.jvmGcTimeMs())
                + " · input " + ByteFormat.compact(t.inputBytes()) + " · shuffle read " + ByteFormat.compact(t.shuffleReadBytes())
                + " · write " + ByteFormat.compact(t.shuffleWriteBytes()) + " · spill " + ByteFormat.compact(t.memoryBytesSpilled())
                + " mem / " + ByteFormat.compact(t.diskBytesSpilled()) + " disk", width, Tone.NORMAL, -1));
        out.add(Line.of("", Tone.NORMAL));
        st.quantiles().ifPresentOrElse(q -> quantiles(q, Rows.skew(s, st), out), () -> out.addAll(Line.wrap(noQuantiles(st), width, Tone.DIM, -1)));
        StageTasksSection.lines(st, s.diagnosis().map(d -> d.snapshot().source().kind()).orElse(SourceKind.SNAPSHOT), width, out);
        // where the longest-running task is now, when this poll read its thread (live drivers)
        s.diagnosis().flatMap(d -> d.snapshot().taskThreads().stream()
                        .filter(th -> th.stageId() == st.stageId() && th.stageAttemptId() == st.attemptId()).findFirst())
                .ifPresent(thread -> {
                    out.add(Line.of("", Tone.NORMAL));
                    List<String> stack = dev.sparkdoc.report.ThreadStackText.lines(thread);
                    out.add(Line.of(stack.get(0), Tone.BOLD));
                    stack.subList(1, stack.size()).forEach(l -> out.addAll(Line.wrap(l, width, l.startsWith(dev.sparkdoc.report.ThreadStackText.USER_MARK) ? Tone.ACCENT : Tone.NORMAL, -1)));
                });
        if (!st.failures().isEmpty()) {
            out.add(Line.of("", Tone.NORMAL));
            out.add(Line.of("Failures", Tone.BOLD));
            for (TaskFailure fail : st.failures()) {
                out.addAll(Line.wrap("  " + fail.count() + " × " + fail.reason() + fail.exceptionClass().map(c -> " " + c).orElse("")
                        + ": " + fail.message() + " (executor " + fail.executorId() + ", " + fail.host() + ")", width, Tone.CRITICAL, -1));
            }
        }
        return out;
    }

    /** Finished tasks and no quantiles: a live driver is asked for them only where a tail can hide (RestSource). */
    private static String noQuantiles(Stage st) {
        return st.tasks().completed() == 0 ? "No task quantiles yet (Spark has them once tasks finish)."
                : "No task quantiles read: a live driver is asked for them only where the stage's wall time"
                        + " leaves room for a slow tail, a few per poll.";
    }

    /** @param skew the stage's fact stage.duration.maxOverP50: the duration row is marked as the stage row is */
    private static void quantiles(TaskQuantiles q, double skew, List<Line> out) {
        out.add(Line.of("Task quantiles over " + q.taskCount() + " finished tasks" + (q.exact() ? "" : " (estimated)"), Tone.BOLD));
        out.add(Line.of(String.format(Locale.ROOT, QUANTILE_ROW, "METRIC", "MIN", "P25", "MEDIAN", "P75", "MAX"), Tone.DIM));
        for (TaskMetric m : TaskMetric.values()) {
            Quantiles v = q.get(m);
            if (v.max() <= 0) {
                continue;
            }
            Tone tone = m == TaskMetric.DURATION && skew >= StagesView.SKEW_MARK ? Tone.WARNING : Tone.NORMAL;
            out.add(Line.of(String.format(Locale.ROOT, QUANTILE_ROW, m.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    value(m, v.min()), value(m, v.p25()), value(m, v.p50()), value(m, v.p75()), value(m, v.max())), tone));
        }
    }

    private static String value(TaskMetric m, double v) {
        return switch (m.unit()) {
            case "ms" -> DurationFormat.compact(v);
            case "bytes" -> ByteFormat.compact((long) v);
            default -> CountFormat.compact(v);
        };
    }
}
