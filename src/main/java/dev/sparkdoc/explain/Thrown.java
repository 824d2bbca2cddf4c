package dev.sparkdoc.explain;

import java.util.List;
import java.util.Optional;

/**
 * One exception of a chain as it appears in the text.
 *
 * @param exception  the class as printed ("org.apache.spark.SparkException", "ZeroDivisionError"),
 *                   the error class for a bare Spark error message, or the logger for a log line
 * @param message    its first meaningful message line, without a trailing {@code SQLSTATE}
 * @param errorClass the Spark error class ("DIVIDE_BY_ZERO") when the message starts with one
 * @param frames     its own frames, in the order they were printed
 * @param origin     how it was found
 */
public record Thrown(String exception, String message, Optional<String> errorClass, List<StackFrame> frames, Origin origin) {

    public Thrown {
        frames = List.copyOf(frames);
    }

    public enum Origin {
        /** a JVM headline: "x.y.FooException: msg", "Caused by: …", an exception inside a message */
        JVM,
        /** the last line of a Python traceback */
        PYTHON,
        /** a task end reason that is not an exception: ExecutorLostFailure, FetchFailed */
        TASK_REASON,
        /** a Spark error message with its error class and no exception class */
        ERROR_CLASS,
        /** a warning or error log line without an exception, e.g. a container killed by YARN */
        LOG
    }

    /** "ZeroDivisionError", "SparkException": the class without its package. */
    public String simpleName() {
        int dot = exception.lastIndexOf('.');
        return dot < 0 || origin == Origin.ERROR_CLASS ? exception : exception.substring(dot + 1);
    }

    /** What patterns match against: "class: message". */
    public String matchText() {
        return message.isEmpty() ? exception : exception + ": " + message;
    }
}
