package dev.sparkdoc.tui;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.report.StageTasks;
import java.util.List;
import java.util.Locale;

/**
 * The opened stage's "Slowest and running tasks": the running ones first, longest running at the
 * top, then the slowest finished ones, longest first, then failed attempts; where either kind
 * cannot be shown, one line says why (what the source read), never a silent gap.
 */
final class StageTasksSection {

    /** The host last: it is the free text of the row, cut at the screen's edge without moving a number. */
    private static final String TASK_ROW = "  %7s %5s %-8s %-8s %8s %8s %8s %s";

    private StageTasksSection() {
    }

    /** The tasks to list, in the order shown ({@link StageTasks#ordered}). */
    static List<TaskSample> ordered(Stage st) {
        return StageTasks.ordered(st);
    }

    static void lines(Stage st, SourceKind source, int width, List<Line> out) {
        List<TaskSample> tasks = ordered(st);
        long running = tasks.stream().filter(TaskSample::running).count();
        long finished = tasks.stream().filter(StageTasks::succeeded).count();
        out.add(Line.of("", Tone.NORMAL));
        out.add(Line.of("Slowest and running tasks" + (tasks.isEmpty() ? ""
                : String.format(Locale.ROOT, " (%d running, %d slowest finished)", running, finished)), Tone.BOLD));
        StageTasks.missingRunning(st, running, source).ifPresent(why -> out.addAll(Line.wrap("  " + why, width, Tone.DIM, -1)));
        StageTasks.missingFinished(st, finished, source).ifPresent(why -> out.addAll(Line.wrap("  " + why, width, Tone.DIM, -1)));
        if (tasks.isEmpty()) {
            return;
        }
        out.add(Line.of(String.format(Locale.ROOT, TASK_ROW, "TASK", "INDEX", "EXECUTOR", "STATUS", "DURATION",
                "SHUF RD", "SPILL", "HOST"), Tone.DIM));
        for (TaskSample task : tasks) {
            out.add(Line.of(String.format(Locale.ROOT, TASK_ROW, task.taskId(), task.index(), task.executorId(),
                    task.status(), DurationFormat.compact(task.durationMs()), ByteFormat.compact(task.shuffleReadBytes()),
                    ByteFormat.compact(task.bytesSpilled()), task.host()), task.running() ? Tone.ACCENT : Tone.NORMAL));
        }
    }
}
