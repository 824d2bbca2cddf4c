package dev.sparkdoc.tui;

import dev.sparkdoc.model.Executor;
import dev.sparkdoc.report.LogsPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One executor opened: the tails of its stdout and stderr as last read, with the errors
 * {@code explain} finds in them first. What the application's code printed (a Python worker's
 * {@code print()}, which Spark puts in the executor's stderr, and {@code System.out}) is marked
 * {@code >}, errors and tracebacks {@code !}, so both read without colour. The title row stays;
 * the rest scrolls. Lines are cut at the width, never wrapped: a log reads by its lines.
 */
final class LogsView {

    static final String PRINTED = "> ";
    static final String ERROR = "! ";
    private static final String PLAIN = "  ";

    private LogsView() {
    }

    static void render(UiState s, Frame f) {
        Drill d = s.drill().orElseThrow();
        f.text(0, Layout.BODY_TOP, title(s, d), Tone.BOLD);
        List<Line> lines = lines(s);
        int rows = rows(s);
        int top = Math.min(d.cursor(), Math.max(0, lines.size() - rows));
        Line.draw(f, lines, top, Layout.BODY_TOP + 1, rows);
    }

    /** How far ↓ may scroll the opened logs. */
    static int maxScroll(UiState s) {
        return Math.max(0, lines(s).size() - rows(s));
    }

    private static int rows(UiState s) {
        return Math.max(1, Layout.bodyHeight(s) - 1);
    }

    private static String title(UiState s, Drill d) {
        String host = Rows.snapshot(s).flatMap(snap -> snap.executors().stream().filter(e -> e.id().equals(d.key())).findFirst())
                .map(Executor::hostPort).map(h -> " · " + h).orElse("");
        String when = d.logs().flatMap(ExecutorLogs::readAt).map(t -> " · read " + Fmt.age(t, s.now()) + " ago").orElse("");
        String reading = d.logs().filter(ExecutorLogs::reading).isPresent() ? " · reading…" : "";
        return "Executor " + d.key() + host + " · logs" + when + reading;
    }

    static List<Line> lines(UiState s) {
        Optional<ExecutorLogs> logs = s.drill().flatMap(Drill::logs);
        List<Line> out = new ArrayList<>();
        if (logs.isEmpty()) {
            return out;
        }
        ExecutorLogs l = logs.get();
        if (l.noLinks().isPresent()) {
            out.add(Line.of(l.noLinks().get(), Tone.WARNING));
            return out;
        }
        if (l.page().isEmpty()) {
            out.add(Line.of("Reading executor " + l.executorId() + "'s stdout and stderr (the last "
                    + Fmt.bytes(LogsFeed.BYTES) + " of each), asked " + Fmt.age(l.askedAt(), s.now())
                    + " ago; the other panes go on meanwhile. Esc/b goes back.", Tone.DIM));
            return out;
        }
        LogsPage page = l.page().get();
        out.add(Line.of(PRINTED.strip() + " printed by the app's code (Python print() lands in stderr) · "
                + ERROR.strip() + " error, traceback", Tone.DIM));
        for (LogsPage.Section sec : page.sections()) {
            if (!sec.errors().isEmpty()) {
                out.add(Line.of("Errors in " + sec.header().replaceFirst(" \\(.*", "") + ":", Tone.BOLD));
                sec.errors().forEach(e -> out.add(Line.of(ERROR + e, Tone.CRITICAL)));
            }
        }
        for (LogsPage.Section sec : page.sections()) {
            out.add(Line.of("", Tone.NORMAL));
            out.add(Line.of("── " + sec.header(), Tone.TITLE));
            if (sec.problem().isPresent()) {
                out.add(Line.of(ERROR + sec.problem().get(), Tone.CRITICAL));
                continue;
            }
            if (sec.cut() > 0) {
                out.add(Line.of("(" + sec.cut() + " earlier lines not shown)", Tone.DIM));
            }
            if (sec.lines().isEmpty()) {
                out.add(Line.of(PLAIN + "(empty)", Tone.DIM));
            }
            sec.lines().forEach(m -> out.add(line(m)));
        }
        return out;
    }

    private static Line line(LogsPage.Marked m) {
        boolean indented = !m.text().isEmpty() && Character.isWhitespace(m.text().charAt(0));
        return switch (m.kind()) {
            case PRINTED -> Line.of(PRINTED + m.text(), Tone.ACCENT);
            case ERROR -> Line.of(ERROR + m.text(), Tone.CRITICAL);
            case JVM_TRACE, PYTHON_TRACE -> Line.of(ERROR + m.text(), indented ? Tone.NORMAL : Tone.CRITICAL);
            case WARNING -> Line.of(PLAIN + m.text(), Tone.WARNING);
            case LOG, BANNER -> Line.of(PLAIN + m.text(), Tone.DIM);
            case BLANK -> Line.of("", Tone.NORMAL);
        };
    }
}
