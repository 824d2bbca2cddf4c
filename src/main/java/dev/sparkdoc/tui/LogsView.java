package dev.sparkdoc.tui;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.report.ExecutorLogLines.Kind;
import dev.sparkdoc.report.LogsPage;
import dev.sparkdoc.report.SafeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** A Python frame, {@code File "/a/long/path/job.py", line 18, in divide}. */
    private static final Pattern PY_FRAME = Pattern.compile("^(\\s*File \")([^\"]+)(\", line \\d+.*)$");

    /**
     * A Python frame too wide for the row keeps its file's name, line and function, the parts that
     * say where: the folders before it give way ({@code File "…/jobs/job.py", line 18, in divide}).
     */
    static String shortFrame(String text, int room) {
        Matcher f = PY_FRAME.matcher(text);
        if (SafeText.width(text) <= room || !f.matches()) {
            return text;
        }
        String path = f.group(2);
        int slash = path.lastIndexOf('/');
        String name = slash < 0 ? path : path.substring(slash + 1);
        int parent = slash <= 0 ? -1 : path.lastIndexOf('/', slash - 1);
        String withParent = parent < 0 ? name : path.substring(parent + 1);
        String longer = f.group(1) + "…/" + withParent + f.group(3);
        return SafeText.width(longer) <= room ? longer : f.group(1) + "…/" + name + f.group(3);
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
                    + ByteFormat.compact(LogsFeed.BYTES) + " of each), asked " + Fmt.age(l.askedAt(), s.now())
                    + " ago; the other panes go on meanwhile. Esc/b goes back.", Tone.DIM));
            return out;
        }
        LogsPage page = l.page().get();
        out.add(Line.of(PRINTED.strip() + " printed by your code (a Python print() is in stderr) · "
                + ERROR.strip() + " error", Tone.DIM));
        for (LogsPage.Section sec : page.sections()) {
            if (!sec.errors().isEmpty()) {
                out.add(Line.of("Errors explain finds in " + sec.name() + ":", Tone.BOLD));
                sec.errors().forEach(e -> out.add(Line.of(ERROR + e, Tone.CRITICAL)));
            }
        }
        // what the code printed hides among Spark's INFO lines: how much, and the latest, up here
        for (LogsPage.Section sec : page.sections()) {
            List<String> printed = sec.printed();
            if (!printed.isEmpty()) {
                out.add(Line.of(PRINTED + printed.size() + (printed.size() == 1 ? " line" : " lines") + " printed in " + sec.name()
                        + ", the last: " + printed.get(printed.size() - 1), Tone.ACCENT));
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
            sec.lines().forEach(m -> out.add(line(m, s.width())));
        }
        return out;
    }

    private static Line line(LogsPage.Marked raw, int width) {
        LogsPage.Marked m = raw.kind() == Kind.PYTHON_TRACE ? new LogsPage.Marked(shortFrame(raw.text(), width - 2), raw.kind()) : raw;
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
