package dev.sparkdoc.explain;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Loads the error texts under src/test/resources/explain/ and explains them. */
final class Texts {

    private Texts() {
    }

    static String read(String name) {
        try (InputStream in = Texts.class.getResourceAsStream("/explain/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource explain/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<ExplainedError> explain(String name) {
        return ErrorClassifier.builtIn().classify(read(name));
    }

    /** The only error of a text (fails when there are none or several). */
    static ExplainedError single(String name) {
        List<ExplainedError> errors = explain(name);
        if (errors.size() != 1) {
            throw new AssertionError(name + ": expected one error, got " + errors.stream()
                    .map(e -> e.pattern() + " " + e.exception() + ": " + e.message()).toList());
        }
        return errors.get(0);
    }

    static String where(ExplainedError e) {
        return e.userFrame().map(StackFrame::location).orElse("-");
    }
}
