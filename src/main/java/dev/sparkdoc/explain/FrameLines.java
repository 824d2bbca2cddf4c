package dev.sparkdoc.explain;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Recognises the frame lines of JVM stack traces and Python (and IPython) tracebacks. */
final class FrameLines {

    /** {@code at com.acme.Job$.main(Job.scala:42)}; Java 9+ may prefix a module or loader ("java.base/", "app//"). */
    private static final Pattern JVM = Pattern.compile(
            "^\\s*at\\s+(?:[\\w.-]+(?:@[\\w.-]+)?/{1,2})?([\\w$.<>/\\-\\[\\]]+)\\((.*)\\)\\s*$");
    private static final Pattern PYTHON = Pattern.compile("^\\s*File \"([^\"]+)\", line (\\d+)(?:, in (.+?))?\\s*$");
    /** IPython/Jupyter: {@code File /opt/spark/python/pyspark/sql/dataframe.py:1257, in DataFrame.collect(self)}. */
    private static final Pattern IPYTHON = Pattern.compile("^File (\\S.*?):(\\d+)(?:, in (.+?))?\\s*$");
    private static final Pattern IPYTHON_CELL = Pattern.compile("^(Cell In\\s*\\[\\d+]), line (\\d+)\\s*$");
    private static final Pattern FILE_LINE = Pattern.compile("^(.*?):(\\d+)$");

    private FrameLines() {
    }

    static Optional<StackFrame> jvm(String line) {
        if (line.indexOf("at ") < 0) {
            return Optional.empty();
        }
        Matcher m = JVM.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        String where = m.group(2);
        Matcher fl = FILE_LINE.matcher(where);
        if (fl.matches()) {
            return Optional.of(new StackFrame(fl.group(1), OptionalInt.of(Integer.parseInt(fl.group(2))), m.group(1), false));
        }
        return Optional.of(new StackFrame(where, OptionalInt.empty(), m.group(1), false));
    }

    static Optional<StackFrame> python(String line) {
        for (Pattern p : new Pattern[] {PYTHON, IPYTHON}) {
            Matcher m = p.matcher(line);
            if (m.matches()) {
                String function = m.group(3) == null ? "" : m.group(3);
                return Optional.of(new StackFrame(m.group(1), OptionalInt.of(Integer.parseInt(m.group(2))), function, true));
            }
        }
        Matcher cell = IPYTHON_CELL.matcher(line);
        if (cell.matches()) {
            return Optional.of(new StackFrame(cell.group(1), OptionalInt.of(Integer.parseInt(cell.group(2))), "", true));
        }
        return Optional.empty();
    }
}
