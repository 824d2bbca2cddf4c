package dev.sparkdoc.source.eventlog;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Unreadable;
import dev.sparkdoc.source.eventlog.files.Codec;
import dev.sparkdoc.source.eventlog.files.EventLogFiles;
import dev.sparkdoc.source.eventlog.files.ZipDownload;
import dev.sparkdoc.source.eventlog.fold.EventFolders;
import dev.sparkdoc.source.eventlog.fold.SnapshotAssembler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a Spark event log — a single file, plain or compressed (lz4, lzf, snappy, zstd, gzip), a
 * rolling {@code eventlog_v2_<appId>} folder, a Databricks rolled folder or the History Server's zip
 * download of any of them — into a snapshot, folding the events the way the
 * History Server does. The log is streamed: memory follows the number of stages, executors and
 * SQL queries, never the number of tasks. A log that ends early (a crashed or running
 * application, a cut compressed stream) gives everything read before the end, marked incomplete.
 */
public final class EventLogSource implements SnapshotSource {

    private final Path path;
    private final String displayTarget;
    /** When the log is read: how long it had been quiet then tells a crashed driver from a running one. */
    private final Clock clock;

    public EventLogSource(Path path) {
        this(path, path.toString());
    }

    /** @param displayTarget what the user typed, shown in the snapshot's source info */
    public EventLogSource(Path path, String displayTarget) {
        this(path, displayTarget, Clock.systemUTC());
    }

    public EventLogSource(Path path, String displayTarget, Clock clock) {
        this.path = path;
        this.displayTarget = displayTarget;
        this.clock = clock;
    }

    @Override
    public AppSnapshot read() {
        if (ZipDownload.isZip(path)) {
            try (ZipDownload zip = ZipDownload.open(path)) {
                return read(zip.logInside(path));
            }
        }
        return read(path);
    }

    /** @param path the log: the target, or the file or folder inside the History Server's zip */
    private AppSnapshot read(Path path) {
        EventLogFiles files = EventLogFiles.resolve(path);
        if (files.files().stream().allMatch(EventLogSource::isEmpty)) {
            throw new SourceException("Event log " + path + " is empty: Spark has not written any event yet,"
                    + " or the file was truncated");
        }
        EventLogReader reader = new EventLogReader();
        List<String> notes = new ArrayList<>(files.notes());
        boolean streamBroken = false;
        for (Path file : files.files()) {
            if (isEmpty(file)) {
                continue;
            }
            reader.read(file, Codec.ofFileName(EventLogFiles.name(file)));
            if (reader.streamError != null) {
                streamBroken = true;
                notes.add(breaksOff(file, reader.streamError));
                reader.streamError = null;
            }
        }
        EventFolders folders = reader.folders;
        if (folders.knownEvents == 0) {
            throw new SourceException(path + " holds no Spark listener events: point at a file from spark.eventLog.dir");
        }
        boolean ended = folders.appEnded();
        if (!ended && !files.inProgress()) {
            notes.add(String.format(Locale.ROOT, "event log ends early (no ApplicationEnd) under the name Spark gives a"
                    + " finished log: it was cut or copied incomplete after the application stopped; %,d events read",
                    folders.knownEvents + folders.unknownEvents));
        } else if (!ended) {
            notes.add(String.format(Locale.ROOT, "event log ends early (no ApplicationEnd): the application crashed"
                    + " or is still running; %,d events read", folders.knownEvents + folders.unknownEvents));
        } else if (files.inProgress()) {
            notes.add("log is still named .inprogress although the application ended");
        }
        if (reader.skippedLines > 0) {
            notes.add(String.format(Locale.ROOT, "%,d unreadable line(s) skipped%s", reader.skippedLines,
                    reader.lastLineCut ? " (the last line is cut off)" : ""));
        }
        if (folders.repeatedTaskEvents > 0) {
            notes.add(String.format(Locale.ROOT, "%,d repeated or late task event(s) ignored (a task already started"
                    + " or ended): each task is counted once", folders.repeatedTaskEvents));
        }
        notes.addAll(reader.oversized.notes(reader.maxLineBytes));
        boolean complete = ended && !files.inProgress() && !streamBroken && !reader.oversized.anySkipped()
                && !files.partsMissing();
        Instant lastWritten = lastWritten(files.files());
        Duration quiet = Duration.between(lastWritten, clock.instant());
        SourceInfo source = new SourceInfo(SourceKind.EVENTLOG, displayTarget, complete, reader.skippedLines,
                folders.unknownEvents, notes, Optional.of(quiet.isNegative() ? Duration.ZERO : quiet), !files.inProgress());
        return new SnapshotAssembler(folders, lastWritten).snapshot(source, appIdFromName(path));
    }

    private static String breaksOff(Path file, String error) {
        return String.format(Locale.ROOT, "%s breaks off (%s): kept every event before the break",
                EventLogFiles.name(file), error);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw Unreadable.file(file, e);
        }
    }

    private static Instant lastWritten(List<Path> files) {
        Instant latest = Instant.EPOCH;
        for (Path file : files) {
            try {
                Instant written = Files.getLastModifiedTime(file).toInstant();
                latest = written.isAfter(latest) ? written : latest;
            } catch (IOException e) {
                throw Unreadable.file(file, e);
            }
        }
        return latest;
    }

    private static boolean isEmpty(Path file) {
        return size(file) == 0;
    }

    /** For logs without ApplicationStart: the app id Spark put in the file or folder name. */
    static String appIdFromName(Path path) {
        String name = Codec.stripSuffix(EventLogFiles.name(path), EventLogFiles.INPROGRESS);
        Codec codec = Codec.ofFileName(name);
        if (codec != Codec.NONE) {
            name = name.substring(0, name.length() - codec.extension().length() - 1);
        }
        return name.startsWith("eventlog_v2_") ? name.substring("eventlog_v2_".length()) : name;
    }
}
