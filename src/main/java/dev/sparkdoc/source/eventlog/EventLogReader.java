package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.eventlog.events.LineParser;
import dev.sparkdoc.source.eventlog.events.OversizedEvents;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import dev.sparkdoc.source.eventlog.events.TaskEventParser;
import dev.sparkdoc.source.eventlog.files.Codec;
import dev.sparkdoc.source.eventlog.files.EventLogFiles;
import dev.sparkdoc.source.eventlog.files.Segment;
import dev.sparkdoc.source.eventlog.fold.EventFolders;
import dev.sparkdoc.source.eventlog.lines.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Streams the lines of event-log files into {@link EventFolders} on the calling thread (see
 * {@link LineParser}). A line that
 * does not parse is skipped and counted; a compressed stream that breaks off ends the reading
 * with everything before the break kept.
 */
final class EventLogReader implements LineParser.Sink {

    final EventFolders folders = new EventFolders();
    private final TaskEvent task = new TaskEvent();
    private final LineParser lineParser =
            new LineParser(new TaskEventParser(folders.metricNames, folders::wantedAccumulator));

    /** Lines over LineReader's bound: never loaded whole. */
    final OversizedEvents oversized = new OversizedEvents();
    final int maxLineBytes = LineReader.maxLineBytes();
    long lines;
    long skippedLines;
    boolean lastLineCut;
    /** Why the stream ended before its end, when it did (e.g. a cut zstd frame). */
    String streamError;

    /** Reads one file; stops at a broken stream, throws only when the file is not an event log. */
    void read(Path file, Codec codec) {
        try (InputStream in = new Segment(file, codec).open()) {
            readLines(file, codec, new LineReader(in, maxLineBytes));
        } catch (IOException | RuntimeException e) {
            if (e instanceof SourceException se) {
                throw se;
            }
            if (folders.knownEvents == 0 && lines == 0) {
                throw new SourceException(unreadable(file, codec, e), e);
            }
            streamError = message(e);
        }
    }

    private void readLines(Path file, Codec codec, LineReader reader) throws IOException {
        while (true) {
            boolean hasLine;
            try {
                hasLine = reader.next();
            } catch (IOException | RuntimeException e) {
                // a codec error mid-stream: the log was cut while Spark wrote it, or corrupted
                if (folders.knownEvents == 0 && lines == 0) {
                    throw new SourceException(unreadable(file, codec, e), e);
                }
                streamError = message(e);
                if (reader.hasPendingBytes()) {
                    skippedLines++;
                }
                return;
            }
            if (!hasLine) {
                return;
            }
            line(file, reader);
        }
    }

    private void line(Path file, LineReader reader) {
        byte[] buf = reader.buffer();
        int off = reader.lineStart();
        int len = reader.lineLength();
        int first = LineParser.firstNonBlank(buf, off, len);
        if (first < 0) {
            return;
        }
        if (folders.knownEvents == 0 && folders.unknownEvents == 0 && buf[first] != '{') {
            throw notAnEventLog(file, reader.peek(60));
        }
        lines++;
        if (reader.lineOversized()) {
            oversized.add(buf, off, len, reader.oversizedTail(), reader.oversizedLength())
                    .ifPresent(tree -> event(tree.path("Event").asText(), tree));
            return;
        }
        try {
            lineParser.parse(buf, off, len, this);
        } catch (IOException | RuntimeException e) {
            skippedLines++;
            if (reader.lineUnterminated()) {
                lastLineCut = true;
            }
        }
    }

    @Override
    public TaskEvent taskEvent() {
        return task;
    }

    @Override
    public void task(TaskEvent e) {
        if (e.end) {
            folders.onTaskEnd(e);
        } else {
            folders.onTaskStart(e);
        }
    }

    @Override
    public void event(String type, JsonNode tree) {
        folders.onEvent(type, tree);
    }

    static SourceException notAnEventLog(Path file, String start) {
        String name = EventLogFiles.name(file).toLowerCase(java.util.Locale.ROOT);
        // the first bytes decoded as UTF-8: zip's "PK\3\4" (a zip inside the History Server's zip)
        if (start.startsWith("PK\u0003\u0004") || name.endsWith(".zip")) {
            return new SourceException(file + " is a zip archive, not an event log (the History Server's Download"
                    + " link gives one): unzip it and point at the event log inside");
        }
        String shown = start.replaceAll("[^\\x20-\\x7e]", "?");
        return new SourceException(file + " is not a Spark event log (expected JSON lines with \"Event\" fields, found \""
                + shown + "\"): point at a file from spark.eventLog.dir");
    }

    static String unreadable(Path file, Codec codec, Exception e) {
        return codec == Codec.NONE
                ? "Cannot read event log " + file + ": " + message(e)
                : "Cannot read " + file + " as a " + codec.extension() + "-compressed event log (" + message(e)
                  + "): check the file is a Spark event log and its extension matches its codec";
    }

    static String message(Throwable e) {
        String m = e.getMessage();
        return (m == null || m.isBlank() ? e.getClass().getSimpleName() : m).lines().findFirst().orElse("");
    }
}
