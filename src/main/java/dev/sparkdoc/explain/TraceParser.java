package dev.sparkdoc.explain;

import dev.sparkdoc.explain.ChainBuilder.Element;
import dev.sparkdoc.explain.Headlines.Headline;
import dev.sparkdoc.explain.Headlines.Lead;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads text line by line into error chains: JVM stack traces with their {@code Caused by:}
 * causes, Python tracebacks (and the Python worker tracebacks Spark puts inside a
 * {@code PythonException}), Py4J's {@code : java.lang.…} causes, Spark log lines, and Spark
 * error messages with an error class. Lines that belong to no error are skipped.
 */
final class TraceParser {

    static final int MAX_CONTEXT_CHARS = 64 * 1024;
    /** A pathological log (one exception per line for millions of lines) must not exhaust memory. */
    private static final int MAX_CHAINS = 20_000;
    private static final int MAX_TRACEBACK_FRAMES = 200;
    private static final int MAX_NESTING = 8;
    private static final String TRACEBACK = "Traceback (most recent call last)";
    private static final Pattern ELLIPSIS = Pattern.compile("^\\.{2,}(?: \\d+ (?:more|common frames omitted))?$");
    private static final Pattern PROMPT = Pattern.compile("^(?:>>>|scala>|In \\[\\d+]:)");

    private final List<String> lines;
    private final List<ErrorChain> chains = new ArrayList<>();
    private final Deque<Traceback> tracebacks = new ArrayDeque<>();
    private ChainBuilder chain;
    /** Python printed "During handling of the above exception…": the next traceback surrounds the current chain. */
    private boolean pythonContext;
    private int lastLogLine = -2;
    private int lastTextLine = -2;

    /** An open Python traceback: its frames belong to the exception on its last line. */
    private static final class Traceback {
        final int start;
        final List<StackFrame> frames = new ArrayList<>();
        /** the PythonException whose message this traceback is (Python worker tracebacks) */
        final Element nestedInto;
        /** its exception surrounds the chain read so far */
        final boolean wrapsChain;
        /** an abbreviated traceback printed a wrapped exception before its own last line */
        boolean holdsNested;

        Traceback(int start, Element nestedInto, boolean wrapsChain) {
            this.start = start;
            this.nestedInto = nestedInto;
            this.wrapsChain = wrapsChain;
        }
    }

    private TraceParser(List<String> lines) {
        this.lines = lines;
    }

    static List<ErrorChain> parse(List<String> lines) {
        TraceParser p = new TraceParser(lines);
        for (int i = 0; i < lines.size() && p.chains.size() < MAX_CHAINS; i++) {
            p.line(i, lines.get(i));
        }
        p.finish();
        return List.copyOf(p.chains);
    }

    private void line(int i, String line) {
        if (!tracebacks.isEmpty() && insideTraceback(i, line)) {
            return;
        }
        outside(i, line);
        if (!line.isBlank()) {
            lastTextLine = i;
        }
    }

    /** Returns false when the line cannot belong to the open traceback (which is then abandoned). */
    private boolean insideTraceback(int i, String line) {
        Traceback tb = tracebacks.peek();
        Optional<StackFrame> frame = FrameLines.python(line);
        if (frame.isPresent()) {
            if (tb.frames.size() < MAX_TRACEBACK_FRAMES) {
                tb.frames.add(frame.get());
            }
            touch(i);
            return true;
        }
        if (line.isBlank() || Character.isWhitespace(line.charAt(0)) || line.startsWith("..")
                || line.startsWith("-") || line.startsWith("^") || line.startsWith("~")) {
            touch(i);
            return true;
        }
        Optional<Headline> h = Headlines.qualified(line).or(() -> Headlines.python(line));
        if (h.isEmpty() || h.get().lead() != Lead.NONE) {
            tracebacks.clear();
            return false;
        }
        closeTraceback(i, h.get());
        return true;
    }

    private void closeTraceback(int i, Headline h) {
        Traceback tb = tracebacks.peek();
        if (h.message().startsWith(TRACEBACK) && tb.nestedInto == null) {
            // Abbreviated output ("Traceback … / ... / PythonException: Traceback …"): the wrapped
            // worker error is printed before the exception that ends this traceback.
            tb.holdsNested = true;
            finish();
            Element wrapper = startChain(tb.start, i, new Thrown(h.exception(), "", Optional.empty(), List.of(), Thrown.Origin.JVM));
            tracebacks.push(new Traceback(i, wrapper, false));
            return;
        }
        tracebacks.pop();
        Thrown t = new Thrown(h.exception(), h.message(), Headlines.errorClass(h.message()), tb.frames, Thrown.Origin.PYTHON);
        Element e;
        if (tb.nestedInto != null && chain != null) {
            e = chain.addCause(t);
        } else if ((tb.holdsNested || tb.wrapsChain) && chain != null) {
            e = chain.addOuter(t);
        } else {
            finish();
            e = startChain(tb.start, i, t);
        }
        touch(i);
        afterElement(e, i, 0);
    }

    private void outside(int i, String line) {
        String text = line.strip();
        if (text.isEmpty()) {
            return;
        }
        if (PROMPT.matcher(text).find()) {
            finish();
            return;
        }
        Optional<StackFrame> frame = FrameLines.jvm(line);
        if (frame.isPresent()) {
            if (chain != null) {
                chain.addFrame(frame.get());
                touch(i);
            }
            return;
        }
        if (ELLIPSIS.matcher(text).matches()) {
            touch(i);
            return;
        }
        if (text.equals("Driver stacktrace:")) {
            if (chain != null) {
                chain.driverStack = true;
                touch(i);
            }
            return;
        }
        if (text.startsWith("During handling of the above exception") || text.startsWith("The above exception was the direct cause")) {
            pythonContext = true;
            return;
        }
        Optional<LogLine> log = LogLine.parse(line);
        if (log.isPresent()) {
            logLine(i, log.get());
            return;
        }
        Optional<Headline> h = Headlines.qualified(line)
                .or(() -> Headlines.python(line).filter(p -> !p.bare()));
        if (h.isPresent()) {
            headline(i, h.get());
            return;
        }
        if (text.contains(TRACEBACK)) {
            openTraceback(i);
            return;
        }
        if (chain != null && chain.awaitingMessage != null) {
            Element e = chain.awaitingMessage;
            chain.awaitingMessage = null;
            e.setMessage(text);
            touch(i);
            afterElement(e, i, 0);
            return;
        }
        Optional<String> errorClass = Headlines.errorClass(text);
        if (errorClass.isPresent() && !Character.isWhitespace(line.charAt(0))) {
            finish();
            startChain(i, i, new Thrown(errorClass.get(), Headlines.clean(text), errorClass, List.of(), Thrown.Origin.ERROR_CLASS));
            return;
        }
        if (chain != null) {
            touch(i);
            return;
        }
        addLogChain(i, "log line", text);
    }

    private void logLine(int i, LogLine log) {
        finish();
        tracebacks.clear();
        String msg = log.message();
        Optional<Thrown> inner = Headlines.qualified(msg).map(h -> Headlines.thrown(h, Thrown.Origin.JVM))
                .or(() -> Headlines.embedded(msg));
        if (inner.isPresent()) {
            Element e = startChain(i, i, inner.get());
            afterElement(e, i, 0);
        } else if (log.isProblem()) {
            addLogChain(i, log.label(), msg.strip());
        }
        lastLogLine = i;
    }

    private void headline(int i, Headline h) {
        Thrown t = Headlines.thrown(h, Thrown.Origin.JVM);
        boolean cause = h.lead() == Lead.CAUSED_BY || h.lead() == Lead.PY4J_CAUSE || chain != null && chain.awaitingCause;
        Element e;
        if (cause && chain != null) {
            e = chain.addCause(t);
            touch(i);
        } else {
            finish();
            // "ERROR Executor: Exception in task 7.0 …" introduces the trace on the next line
            e = startChain(lastLogLine == lastTextLine ? lastLogLine : i, i, t);
        }
        afterElement(e, i, 0);
    }

    private void openTraceback(int i) {
        if (chain != null && chain.current().exception.endsWith("PythonException")) {
            tracebacks.push(new Traceback(i, chain.current(), false));
            touch(i);
            return;
        }
        boolean wraps = pythonContext && chain != null;
        pythonContext = false;
        if (!wraps) {
            finish();
        }
        tracebacks.push(new Traceback(i, null, wraps));
    }

    /** Follows what an exception's message says comes next: a worker traceback, an embedded cause, a cause line. */
    private void afterElement(Element e, int i, int depth) {
        if (e.message.startsWith(TRACEBACK)) {
            e.setMessage("");
            tracebacks.push(new Traceback(i, e, false));
            return;
        }
        Optional<Thrown> inner = depth < MAX_NESTING ? Headlines.embedded(e.message) : Optional.empty();
        if (inner.isPresent()) {
            afterElement(chain.addCause(inner.get()), i, depth + 1);
        } else if (e.message.endsWith(":") || e.message.endsWith("=")) {
            chain.awaitingCause = true;
        } else if (e.message.isEmpty()) {
            chain.awaitingMessage = e;
        }
    }

    private Element startChain(int start, int line, Thrown t) {
        chain = new ChainBuilder(Math.max(start, 0));
        Element e = chain.addCause(t);
        chain.touch(line);
        return e;
    }

    private void addLogChain(int i, String label, String message) {
        finish();
        startChain(i, i, new Thrown(label, message, Headlines.errorClass(message), List.of(), Thrown.Origin.LOG));
        finish();
    }

    private void touch(int i) {
        if (chain != null) {
            chain.touch(i);
        }
    }

    private void finish() {
        if (chain != null && !chain.isEmpty()) {
            chains.add(chain.freeze(lines, MAX_CONTEXT_CHARS));
        }
        chain = null;
    }
}
