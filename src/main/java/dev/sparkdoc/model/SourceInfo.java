package dev.sparkdoc.model;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Where a snapshot came from and how much of it could be read.
 *
 * @param kind       live driver, History Server, event log or saved snapshot
 * @param target     what the user pointed at, with credentials removed
 * @param complete   false for a running app, an .inprogress or cut-off event log
 * @param skippedLines event-log lines that could not be parsed (a cut last line, corrupt data)
 * @param unknownEvents event-log lines whose event type sparkdoc does not read
 * @param notes      one-line remarks for the user (e.g. "log cut off after 12,345 lines")
 * @param quietBeforeRead for an event log: how long nobody had written it when it was read (its
 *                   newest file's modification time to the read). A running driver keeps
 *                   writing; a crashed one has stopped: the post-mortem's evidence
 */
public record SourceInfo(
        SourceKind kind,
        String target,
        boolean complete,
        long skippedLines,
        long unknownEvents,
        List<String> notes,
        Optional<Duration> quietBeforeRead) {

    public SourceInfo {
        notes = List.copyOf(notes);
        // snapshot files written before the field existed read it as absent
        quietBeforeRead = quietBeforeRead == null ? Optional.empty() : quietBeforeRead;
    }

    public SourceInfo(SourceKind kind, String target, boolean complete, long skippedLines, long unknownEvents,
            List<String> notes) {
        this(kind, target, complete, skippedLines, unknownEvents, notes, Optional.empty());
    }

    /** The same source with other notes: every other field, the quiet time too, kept. */
    public SourceInfo withNotes(List<String> otherNotes) {
        return new SourceInfo(kind, target, complete, skippedLines, unknownEvents, otherNotes, quietBeforeRead);
    }

    public static SourceInfo of(SourceKind kind, String target, boolean complete) {
        return new SourceInfo(kind, target, complete, 0, 0, List.of());
    }
}
