package dev.sparkdoc.model;

import java.util.List;

/**
 * Where a snapshot came from and how much of it could be read.
 *
 * @param kind       live driver, History Server, event log or saved snapshot
 * @param target     what the user pointed at, with credentials removed
 * @param complete   false for a running app, an .inprogress or cut-off event log
 * @param skippedLines event-log lines that could not be parsed (a cut last line, corrupt data)
 * @param unknownEvents event-log lines whose event type sparkdoc does not read
 * @param notes      one-line remarks for the user (e.g. "log cut off after 12,345 lines")
 */
public record SourceInfo(
        SourceKind kind,
        String target,
        boolean complete,
        long skippedLines,
        long unknownEvents,
        List<String> notes) {

    public SourceInfo {
        notes = List.copyOf(notes);
    }

    public static SourceInfo of(SourceKind kind, String target, boolean complete) {
        return new SourceInfo(kind, target, complete, 0, 0, List.of());
    }
}
