package dev.sparkdoc.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Collects one error's exceptions while its lines are read. Spark prints the same exception
 * more than once in one error (inside "Job aborted due to stage failure", again as
 * {@code Caused by:}, again after "JVM stacktrace:"), so a cause equal to one already in the
 * chain is merged into it instead of being appended.
 */
final class ChainBuilder {

    private static final int MAX_FRAMES = 200;

    private final List<Element> elements = new ArrayList<>();
    private final int start;
    private int end;
    private int cursor = -1;
    /** the last message ended with ":" ("… Trace:", "Most recent failure reason:"): the next exception is its cause */
    boolean awaitingCause;
    /** the element whose message was empty: the next text line is its message */
    Element awaitingMessage;
    /** frames after "Driver stacktrace:" belong to the outermost JVM exception */
    boolean driverStack;

    ChainBuilder(int start) {
        this.start = start;
        this.end = start;
    }

    static final class Element {
        final String exception;
        String message;
        Optional<String> errorClass;
        final List<StackFrame> frames = new ArrayList<>();
        final Thrown.Origin origin;

        Element(Thrown t) {
            this.exception = t.exception();
            this.message = t.message();
            this.errorClass = t.errorClass();
            this.origin = t.origin();
            this.frames.addAll(t.frames());
        }

        void setMessage(String text) {
            message = Headlines.clean(text);
            errorClass = Headlines.errorClass(message);
        }

        Thrown freeze() {
            return new Thrown(exception, message, errorClass, frames, origin);
        }
    }

    boolean isEmpty() {
        return elements.isEmpty();
    }

    int start() {
        return start;
    }

    void touch(int line) {
        end = Math.max(end, line);
    }

    int end() {
        return end;
    }

    Element current() {
        return elements.get(cursor);
    }

    /** Adds the next (inner) exception, or merges it into the equal one already in the chain (Spark prints a task failure inside "Job aborted" and again as "Caused by:"); returns where it went. */
    Element addCause(Thrown t) {
        awaitingCause = false;
        for (int i = 0; i < elements.size(); i++) {
            Element e = elements.get(i);
            if (same(e, t)) {
                merge(e, t);
                cursor = i;
                return e;
            }
        }
        Element e = new Element(t);
        elements.add(e);
        cursor = elements.size() - 1;
        return e;
    }

    /** Puts an exception around the whole chain: the last line of a traceback that printed its cause first. */
    Element addOuter(Thrown t) {
        Element e = new Element(t);
        elements.add(0, e);
        cursor = Math.min(cursor + 1, elements.size() - 1);
        return e;
    }

    void addFrame(StackFrame f) {
        awaitingCause = false;
        Element target = driverStack ? firstJvm() : lastJvmUpToCursor();
        if (target != null && target.frames.size() < MAX_FRAMES) {
            target.frames.add(f);
        }
    }

    ErrorChain freeze(List<String> lines, int maxContext) {
        StringBuilder text = new StringBuilder();
        for (int i = start; i <= end && i < lines.size() && text.length() < maxContext; i++) {
            text.append(lines.get(i)).append('\n');
        }
        String context = text.length() > maxContext ? text.substring(0, maxContext) : text.toString();
        return new ErrorChain(elements.stream().map(Element::freeze).toList(), context, start + 1);
    }

    private Element firstJvm() {
        return elements.stream().filter(e -> e.origin != Thrown.Origin.PYTHON).findFirst().orElse(null);
    }

    private Element lastJvmUpToCursor() {
        for (int i = cursor; i >= 0; i--) {
            if (elements.get(i).origin != Thrown.Origin.PYTHON) {
                return elements.get(i);
            }
        }
        return null;
    }

    private static boolean same(Element e, Thrown t) {
        if (!e.exception.equals(t.exception())) {
            return false;
        }
        String a = stripDot(e.message);
        String b = stripDot(t.message());
        return a.isEmpty() || b.isEmpty() || a.startsWith(b) || b.startsWith(a);
    }

    private static void merge(Element e, Thrown t) {
        boolean sameText = stripDot(t.message()).equals(stripDot(e.message));
        if (sameText ? t.message().length() < e.message.length() : t.message().length() > e.message.length()) {
            e.setMessage(t.message());
        }
        if (e.frames.isEmpty()) {
            e.frames.addAll(t.frames());
        }
    }

    private static String stripDot(String s) {
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
