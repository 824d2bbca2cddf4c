package dev.sparkdoc.explain;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A log4j line as Spark prints it: {@code 24/05/01 10:00:00 ERROR Executor: message} (the default
 * {@code %d{yy/MM/dd HH:mm:ss} %p %c{1}: %m} layout), ISO timestamps, full logger names and a
 * {@code [thread]} in either place are accepted too.
 */
public record LogLine(String level, String logger, String message) {

    private static final Pattern PREFIX = Pattern.compile(
            "^\\s*(?:\\[[^\\]]*]\\s*)?"
                    + "\\d{2,4}[-/.]\\d{2}[-/.]\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?(?:Z|[+-]\\d{2}:?\\d{2})?\\s+"
                    + "(?:\\[[^\\]]*]\\s+)?"
                    + "(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\\s+"
                    + "(?:\\[[^\\]]*]\\s+)?"
                    + "([\\w$.\\-]+)(?:\\s*\\[[^\\]]*])?:\\s?(.*)$");

    /** The line's level, logger and message, when a log4j layout wrote it. */
    public static Optional<LogLine> parse(String line) {
        Matcher m = PREFIX.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new LogLine(m.group(1), m.group(2), m.group(3)));
    }

    boolean isProblem() {
        return level.startsWith("WARN") || level.equals("ERROR") || level.equals("FATAL");
    }

    /** How a log line without an exception is named in the output: "ERROR YarnScheduler". */
    String label() {
        int dot = logger.lastIndexOf('.');
        return level + " " + (dot < 0 ? logger : logger.substring(dot + 1));
    }
}
