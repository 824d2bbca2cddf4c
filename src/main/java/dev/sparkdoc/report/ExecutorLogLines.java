package dev.sparkdoc.report;

import dev.sparkdoc.explain.LogLine;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What each line of an executor's log is: Spark's log4j lines (by level), JVM stack traces, Python
 * tracebacks, Spark's own banner, and what the application's code printed. A Python worker's
 * {@code print()} has no log4j prefix and lands in the executor's <em>stderr</em>: Spark's
 * {@code PythonWorkerFactory} copies the daemon's (and so every forked worker's) stdout and stderr
 * into the executor JVM's {@code System.err}. {@code sparkdoc logs} and the live view's logs both
 * read lines through here, so they mark the same lines the same way.
 */
public final class ExecutorLogLines {

    /** What a line is. */
    public enum Kind {
        /** a log4j line below WARN */
        LOG,
        WARNING,
        /** a log4j ERROR or FATAL line */
        ERROR,
        /** a JVM exception's headline, its frames and causes */
        JVM_TRACE,
        /** a Python traceback, from its {@code Traceback (most recent call last):} to the exception line */
        PYTHON_TRACE,
        /** output of the application's code: {@code print()}, {@code System.out}, {@code System.err} */
        PRINTED,
        /** Spark's own lines around the log4j output: the executor command, the log4j profile */
        BANNER,
        BLANK;

        /** Part of an error: drawn and marked as one. */
        public boolean isError() {
            return this == ERROR || this == JVM_TRACE || this == PYTHON_TRACE;
        }
    }

    private static final String TRACEBACK = "Traceback (most recent call last)";
    private static final Pattern FRAME = Pattern.compile("^\\s+at [\\w$.<>/\\-]+\\(.*\\)\\s*$");
    private static final Pattern CAUSE = Pattern.compile("^\\s*(?:Caused by|Suppressed): \\S.*|^\\s*\\.\\.\\. \\d+ (?:more|common frames omitted)\\s*$");
    private static final Pattern HEADLINE = Pattern.compile("^(?:[\\w$]+\\.)+[\\w$]*(?:Exception|Error|Throwable)(?::.*)?$");
    private static final Pattern PY_CHAIN = Pattern.compile("^(?:During handling of the above exception, another exception occurred:"
            + "|The above exception was the direct cause of the following exception:)\\s*$");
    private static final Pattern BANNER = Pattern.compile("^(?:Spark Executor Command: |Spark Command: |Using Spark's default log4j profile|={8,}\\s*$)");

    private ExecutorLogLines() {
    }

    /** The kind of each line, in order. */
    public static List<Kind> of(List<String> lines) {
        List<Kind> out = new ArrayList<>(lines.size());
        boolean traceback = false;
        Kind last = Kind.BLANK;
        for (int i = 0; i < lines.size(); i++) {
            if (!out.isEmpty() && out.get(out.size() - 1) != Kind.BLANK) {
                last = out.get(out.size() - 1);
            }
            String line = lines.get(i);
            if (line.isBlank()) {
                // a chained Python exception's tracebacks are apart by a blank line and a sentence
                traceback = last == Kind.PYTHON_TRACE && nextIsChain(lines, i);
                out.add(Kind.BLANK);
                continue;
            }
            if (line.contains(TRACEBACK)) {
                traceback = true;
                out.add(Kind.PYTHON_TRACE);
                continue;
            }
            if (traceback) {
                // frames and their code lines are indented; the first line that is not is the exception
                boolean indented = Character.isWhitespace(line.charAt(0)) || PY_CHAIN.matcher(line).matches();
                traceback = indented;
                out.add(Kind.PYTHON_TRACE);
                continue;
            }
            out.add(kind(lines, i, line));
        }
        return List.copyOf(out);
    }

    private static Kind kind(List<String> lines, int i, String line) {
        var log = LogLine.parse(line);
        if (log.isPresent()) {
            String level = log.get().level();
            return level.equals("ERROR") || level.equals("FATAL") ? Kind.ERROR : level.startsWith("WARN") ? Kind.WARNING : Kind.LOG;
        }
        if (FRAME.matcher(line).matches() || CAUSE.matcher(line).matches() || HEADLINE.matcher(line).matches()
                || i + 1 < lines.size() && FRAME.matcher(lines.get(i + 1)).matches()) {
            return Kind.JVM_TRACE;
        }
        if (BANNER.matcher(line).find()) {
            return Kind.BANNER;
        }
        return Kind.PRINTED;
    }

    private static boolean nextIsChain(List<String> lines, int blank) {
        for (int j = blank + 1; j < lines.size(); j++) {
            if (!lines.get(j).isBlank()) {
                return PY_CHAIN.matcher(lines.get(j)).matches() || lines.get(j).contains(TRACEBACK);
            }
        }
        return false;
    }
}
