package dev.sparkdoc.signals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the exception class named in an error text ("org.apache.spark.sql.AnalysisException: …"). */
public final class ExceptionNames {

    private static final Pattern CLASS = Pattern.compile(
            "\\b((?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error|Throwable|Failure))\\b"
                    + "|\\b([A-Z][A-Za-z0-9_]*(?:Exception|Error))\\b");

    /**
     * Exceptions that only carry another one: Spark wraps the real cause in a SparkException
     * ("Job aborted due to stage failure: … java.lang.ArithmeticException"), Py4J in a
     * Py4JJavaError, the JDK in ExecutionException. The cause says more.
     */
    private static final Set<String> WRAPPERS = Set.of(
            "org.apache.spark.SparkException", "SparkException",
            "py4j.protocol.Py4JJavaError", "Py4JJavaError",
            "java.util.concurrent.ExecutionException", "ExecutionException",
            "java.lang.reflect.InvocationTargetException", "InvocationTargetException",
            "java.lang.RuntimeException", "RuntimeException");

    private static final String TRACEBACK = "Traceback (most recent call last):";

    private ExceptionNames() {
    }

    /** The first exception class named in the text, skipping wrappers when a cause is named too. */
    public static Optional<String> first(String text) {
        Matcher m = CLASS.matcher(text);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return found.stream().filter(n -> !WRAPPERS.contains(n)).findFirst()
                .or(() -> found.stream().findFirst());
    }

    /**
     * The root line of the last Python traceback in a text ("ZeroDivisionError: division by zero"):
     * the first unindented line after the traceback's frames. PythonException's own first line
     * only says "Traceback (most recent call last):".
     */
    public static Optional<String> pythonRoot(String text) {
        int at = text.lastIndexOf(TRACEBACK);
        if (at < 0) {
            return Optional.empty();
        }
        for (String line : text.substring(at + TRACEBACK.length()).split("\\R")) {
            if (line.isBlank() || Character.isWhitespace(line.charAt(0))) {
                continue;
            }
            return Optional.of(line.strip());
        }
        return Optional.empty();
    }

    /** What a person should read first: the Python root line for Python errors, else the first line. */
    public static String headline(String message, String detail) {
        return pythonRoot(message + "\n" + detail)
                .orElseGet(() -> message.lines().filter(l -> !l.isBlank()).findFirst().orElse(message).strip());
    }
}
