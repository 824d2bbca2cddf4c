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
 * @param finishedName for an event log: it has the name Spark gives a log when the application
 *                   stops (no {@code .inprogress}; a rolling folder's {@code appstatus_} without it).
 *                   Spark posts ApplicationEnd before that rename, so such a log without it was cut
 *                   or copied incomplete after the fact, not left by a driver that died
 */
public record SourceInfo(
        SourceKind kind,
        String target,
        boolean complete,
        long skippedLines,
        long unknownEvents,
        List<String> notes,
        Optional<Duration> quietBeforeRead,
        boolean finishedName) {

    public SourceInfo {
        notes = List.copyOf(notes);
        // snapshot files written before the field existed read it as absent
        quietBeforeRead = quietBeforeRead == null ? Optional.empty() : quietBeforeRead;
    }

    public SourceInfo(SourceKind kind, String target, boolean complete, long skippedLines, long unknownEvents,
            List<String> notes) {
        this(kind, target, complete, skippedLines, unknownEvents, notes, Optional.empty(), false);
    }

    public SourceInfo(SourceKind kind, String target, boolean complete, long skippedLines, long unknownEvents,
            List<String> notes, Optional<Duration> quietBeforeRead) {
        this(kind, target, complete, skippedLines, unknownEvents, notes, quietBeforeRead, false);
    }

    /** The same source with other notes: every other field, the quiet time too, kept. */
    public SourceInfo withNotes(List<String> otherNotes) {
        return new SourceInfo(kind, target, complete, skippedLines, unknownEvents, otherNotes, quietBeforeRead, finishedName);
    }

    public static SourceInfo of(SourceKind kind, String target, boolean complete) {
        return new SourceInfo(kind, target, complete, 0, 0, List.of());
    }
}
