package dev.sparkdoc.report;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.explain.InputText;
import dev.sparkdoc.model.LogTail;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One executor's log tails made ready to draw (the live view's logs): each line cleaned for the
 * terminal and marked with what it is ({@link ExecutorLogLines}), and the errors {@code explain}
 * finds in each tail, one line each. Built once per read, off the UI thread: explaining 64 KiB
 * is too slow for every redraw.
 *
 * @param sections one per log, in the order read
 */
public record LogsPage(List<Section> sections) {

    /** How many lines of a tail are kept for the screen: the last ones. */
    static final int MAX_LINES = 2_000;

    public LogsPage {
        sections = List.copyOf(sections);
    }

    /**
     * @param name    "executor 0's stderr"
     * @param header  "executor 0 stderr (log4j, …): all 9.9 KiB", without the {@code ==}
     * @param problem why the log could not be read, with the way out
     * @param errors  each error explain finds: its summary ("ZeroDivisionError in divide at app.py:9") and what it is
     * @param lines   the tail's lines, cleaned, each with its kind
     * @param cut     how many earlier lines of the tail were left out
     */
    public record Section(String name, String header, Optional<String> problem, List<String> errors, List<Marked> lines, int cut) {
        public Section {
            errors = List.copyOf(errors);
            lines = List.copyOf(lines);
        }

        /** The lines the application's code printed, in order. */
        public List<String> printed() {
            return lines.stream().filter(l -> l.kind() == ExecutorLogLines.Kind.PRINTED).map(Marked::text).toList();
        }
    }

    /** A log line, safe for the terminal, and what it is. */
    public record Marked(String text, ExecutorLogLines.Kind kind) {
    }

    public static LogsPage of(List<LogTail> tails) {
        List<Section> out = new ArrayList<>();
        for (LogTail t : tails) {
            String header = LogsText.header(t).replaceAll("^== | ==$", "");
            String name = "executor " + t.executorId() + "'s " + t.kind();
            if (t.problem().isPresent()) {
                out.add(new Section(name, header, Optional.of(SafeText.line(t.problem().get())), List.of(), List.of(), 0));
                continue;
            }
            List<String> raw = t.text().lines().toList();
            List<ExecutorLogLines.Kind> kinds = ExecutorLogLines.of(raw);
            int from = Math.max(0, raw.size() - MAX_LINES);
            List<Marked> lines = new ArrayList<>();
            for (int i = from; i < raw.size(); i++) {
                String l = raw.get(i);
                lines.add(new Marked(SafeText.line(l.length() > LogsText.MAX_LINE ? l.substring(0, LogsText.MAX_LINE) + " …" : l),
                        kinds.get(i)));
            }
            List<String> errors = new ArrayList<>();
            for (ExplainedError e : ErrorClassifier.builtIn().classify(InputText.of(t.text()))) {
                errors.add(SafeText.line(e.summary() + (e.recognised() ? " — " + e.title() : "")
                        + (e.occurrences() > 1 ? " (" + e.occurrences() + "×)" : "")));
            }
            out.add(new Section(name, header, Optional.empty(), errors, lines, from));
        }
        return new LogsPage(out);
    }
}
