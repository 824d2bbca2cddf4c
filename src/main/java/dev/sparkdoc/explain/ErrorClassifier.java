package dev.sparkdoc.explain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Explains the errors in a text (a driver log, a Python traceback, a JVM stack trace, a Spark
 * error message, a task's failure reason): splits it into distinct errors, finds each one's root
 * cause and user frame, and classifies it with the first matching pattern of
 * {@code explain/patterns.yaml}.
 *
 * <pre>{@code
 * ErrorClassifier.builtIn().classify(failure.detail())
 *     .stream().findFirst().map(ExplainedError::summary)   // "ZeroDivisionError in f at job.py:17"
 * }</pre>
 */
public final class ErrorClassifier {

    private static final Pattern DIGITS = Pattern.compile("\\d+|0x[0-9a-f]+");

    private final List<ErrorPattern> patterns;

    public ErrorClassifier(List<ErrorPattern> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    private static final class BuiltIn {
        static final ErrorClassifier INSTANCE = new ErrorClassifier(PatternLoader.builtIn());
    }

    /** The classifier with the patterns shipped in sparkdoc, loaded once. */
    public static ErrorClassifier builtIn() {
        return BuiltIn.INSTANCE;
    }

    /** The distinct errors of a text, in the order they first appeared (the root cause of a log is usually first). */
    public List<ExplainedError> classify(String text) {
        return classify(InputText.of(text));
    }

    public List<ExplainedError> classify(InputText input) {
        Map<String, ExplainedError> byKey = new LinkedHashMap<>();
        List<ExplainedError> fromLogLines = new ArrayList<>();
        for (ErrorChain chain : TraceParser.parse(input.lines())) {
            Optional<ExplainedError> e = explain(chain);
            if (e.isEmpty()) {
                continue;
            }
            if (chain.isLogLine()) {
                fromLogLines.add(e.get());
            } else {
                byKey.merge(key(e.get()), e.get(), ExplainedError::mergedWith);
            }
        }
        // A log line only tells what an exception already told (the executor lost to the same
        // container kill), unless no exception said it: keep one per pattern.
        Map<String, ExplainedError> logOnly = new LinkedHashMap<>();
        for (ExplainedError e : fromLogLines) {
            boolean told = byKey.values().stream().anyMatch(x -> x.pattern().equals(e.pattern()));
            if (!told) {
                logOnly.merge(e.pattern(), e, ExplainedError::mergedWith);
            }
        }
        List<ExplainedError> out = new ArrayList<>(byKey.values());
        out.addAll(logOnly.values());
        out.sort(Comparator.comparingInt(ExplainedError::firstLine));
        return List.copyOf(out);
    }

    /** Classifies one error chain; a log line that no pattern recognises is not an error. */
    Optional<ExplainedError> explain(ErrorChain chain) {
        for (ErrorPattern p : patterns) {
            if (p.matches(chain)) {
                return Optional.of(explained(chain, p));
            }
        }
        return Optional.empty();
    }

    private static ExplainedError explained(ErrorChain chain, ErrorPattern p) {
        Thrown root = chain.root();
        String title = p.title().replace("{exception}", root.simpleName()).replace("{message}", root.message())
                .replace("{errorClass}", root.errorClass().orElse(root.simpleName()));
        return new ExplainedError(root.exception(), root.message(), root.errorClass(), UserFrames.find(chain),
                p.family(), title, p.remedies(), p.docs(), p.id(), p.confidence(), chain.elements(), 1, chain.firstLine());
    }

    /** The same root error repeated (per task, per retry, in the driver and the executor log) is one error. */
    private static String key(ExplainedError e) {
        return e.simpleName() + "|" + DIGITS.matcher(e.message()).replaceAll("#");
    }
}
