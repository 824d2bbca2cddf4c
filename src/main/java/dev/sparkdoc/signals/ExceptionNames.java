package dev.sparkdoc.signals;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the exception class named in an error text ("org.apache.spark.sql.AnalysisException: …"). */
public final class ExceptionNames {

    private static final Pattern CLASS = Pattern.compile(
            "\\b((?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error|Throwable|Failure))\\b"
                    + "|\\b([A-Z][A-Za-z0-9_]*(?:Exception|Error))\\b");

    private ExceptionNames() {
    }

    public static Optional<String> first(String text) {
        Matcher m = CLASS.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(m.group(1) != null ? m.group(1) : m.group(2));
    }
}
