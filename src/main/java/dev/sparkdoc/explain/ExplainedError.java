package dev.sparkdoc.explain;

import dev.sparkdoc.firstaid.Families;
import dev.sparkdoc.firstaid.Remedy;
import java.util.List;
import java.util.Optional;

/**
 * One distinct error of a text, explained: its root cause, where in the user's code, which
 * first-aid family, and what to do.
 *
 * @param exception   the root exception's class as printed (or the error class, or the log source)
 * @param message     the root exception's message (first line)
 * @param errorClass  Spark's error class ("DIVIDE_BY_ZERO") when the root names one
 * @param userFrame   the innermost frame in the user's own code, if any was printed
 * @param family      the first-aid family id (see {@code dev.sparkdoc.firstaid.Families})
 * @param title       what went wrong, in a sentence
 * @param remedies    what to do, with the exact settings
 * @param docs        where to read more
 * @param pattern     the id of the pattern that recognised it ("unknown" for the fallback)
 * @param confidence  0..1: how sure the pattern is (the fallback is low)
 * @param chain       the exceptions around it, outermost first, the root last
 * @param occurrences how many times the same error appeared in the text
 * @param firstLine   the 1-based line it first appeared on
 */
public record ExplainedError(
        String exception,
        String message,
        Optional<String> errorClass,
        Optional<StackFrame> userFrame,
        String family,
        String title,
        List<Remedy> remedies,
        String docs,
        String pattern,
        double confidence,
        List<Thrown> chain,
        int occurrences,
        int firstLine) {

    public static final String FALLBACK_PATTERN = "unknown";

    public ExplainedError {
        remedies = List.copyOf(remedies);
        chain = List.copyOf(chain);
    }

    public boolean recognised() {
        return !FALLBACK_PATTERN.equals(pattern);
    }

    public String simpleName() {
        return chain.isEmpty() ? exception : chain.get(chain.size() - 1).simpleName();
    }

    /**
     * One line for other reports: "ZeroDivisionError in f at job.py:17", or the exception and its
     * message when no user frame was printed.
     */
    public String summary() {
        if (userFrame.isPresent()) {
            StackFrame f = userFrame.get();
            String in = f.function().isEmpty() ? "" : " in " + shortFunction(f);
            return simpleName() + in + " at " + fileName(f.file()) + f.line().stream().mapToObj(l -> ":" + l).findFirst().orElse("");
        }
        return message.isEmpty() ? simpleName() : simpleName() + ": " + message;
    }

    /** The first remedy as one line (text, settings, code), for a fact or a report that has room for one. */
    public Optional<String> firstRemedyLine() {
        return remedies.stream().findFirst().map(r -> {
            String conf = r.conf().entrySet().stream().map(c -> c.getKey() + "=" + c.getValue())
                    .collect(java.util.stream.Collectors.joining(", "));
            return r.text() + (conf.isEmpty() ? "" : " (" + conf + ")") + r.code().map(c -> ": " + c).orElse("");
        });
    }

    /**
     * The same error seen again: counts it, keeps the first position, and keeps the better
     * explanation (a "Lost task" log line names only the exception; the "Job aborted" that
     * follows says it failed a job).
     */
    ExplainedError mergedWith(ExplainedError other) {
        boolean otherBetter = other.confidence > confidence
                || other.confidence == confidence && other.chain.size() > chain.size();
        ExplainedError best = otherBetter ? other : this;
        return new ExplainedError(best.exception, best.message, best.errorClass,
                best.userFrame.or(() -> this.userFrame).or(() -> other.userFrame), best.family, best.title,
                best.remedies, best.docs, best.pattern, best.confidence, best.chain,
                occurrences + other.occurrences, Math.min(firstLine, other.firstLine));
    }

    private static String shortFunction(StackFrame f) {
        if (f.python()) {
            return f.function();
        }
        String fn = f.function();
        int dot = fn.lastIndexOf('.');
        return dot < 0 ? fn : fn.substring(dot + 1);
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return slash < 0 ? path : path.substring(slash + 1);
    }
}
