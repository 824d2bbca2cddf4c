package dev.sparkdoc.model;

import java.util.List;

/**
 * The driver's own log (its stdout/stderr or log4j file), read beside the event log: what the JVM
 * printed as it died, which the event log cannot hold.
 *
 * @param name         the file as the user named it
 * @param lines        the lines read (the tail of a big log), secrets removed
 * @param bytesSkipped bytes before the tail that were not read
 */
public record DriverLog(String name, List<String> lines, long bytesSkipped) {

    public DriverLog {
        lines = List.copyOf(lines);
    }
}
