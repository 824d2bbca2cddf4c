package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.source.SourceException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Streams the lines of event-log files into {@link EventFolders}. Task events, the bulk of a
 * log, go through Jackson's streaming parser straight from the line's bytes; the rarer events
 * are read as trees. A line that does not parse is skipped and counted; a compressed stream
 * that breaks off ends the reading with everything before the break kept.
 */
final class EventLogReader {

    private static final JsonFactory JSON = new JsonFactory();
    private static final ObjectMapper TREES = new ObjectMapper(JSON);

    final EventFolders folders = new EventFolders();
    private final TaskEvent task = new TaskEvent();
    private final TaskEventParser taskParser =
            new TaskEventParser(folders.metricNames, folders.sql.accumulators::isRegistered);

    long lines;
    long skippedLines;
    boolean lastLineCut;
    /** Why the stream ended before its end, when it did (e.g. a cut zstd frame). */
    String streamError;

    /** Reads one file; stops at a broken stream, throws only when the file is not an event log. */
    void read(Path file, Codec codec) {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             InputStream in = codec.open(raw)) {
            readLines(file, codec, new LineReader(in));
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
        int first = firstNonBlank(buf, off, len);
        if (first < 0) {
            return;
        }
        if (folders.knownEvents == 0 && folders.unknownEvents == 0 && buf[first] != '{') {
            throw notAnEventLog(file, reader.peek(60));
        }
        lines++;
        try {
            parse(buf, off, len);
        } catch (IOException | RuntimeException e) {
            skippedLines++;
            if (reader.lineUnterminated()) {
                lastLineCut = true;
            }
        }
    }

    private void parse(byte[] buf, int off, int len) throws IOException {
        try (JsonParser p = JSON.createParser(buf, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            // JsonProtocol and Jackson both write "Event" first; read anything else as a tree.
            if (p.nextToken() == JsonToken.FIELD_NAME && "Event".equals(p.currentName())) {
                p.nextToken();
                String type = p.getText();
                if (isTaskEvent(type)) {
                    task(type, p);
                } else {
                    folders.onEvent(type, TREES.readTree(buf, off, len));
                }
                return;
            }
        }
        JsonNode tree = TREES.readTree(buf, off, len);
        String type = tree.path("Event").asText(null);
        if (type == null) {
            throw new IOException("no Event field");
        }
        if (isTaskEvent(type)) {
            try (JsonParser p = tree.traverse(TREES)) {
                p.nextToken();
                task(type, p);
            }
        } else {
            folders.onEvent(type, tree);
        }
    }

    private static boolean isTaskEvent(String type) {
        return "SparkListenerTaskEnd".equals(type) || "SparkListenerTaskStart".equals(type);
    }

    /** Parses the whole line before folding it, so a cut line changes nothing. */
    private void task(String type, JsonParser p) throws IOException {
        boolean end = "SparkListenerTaskEnd".equals(type);
        task.reset(end);
        taskParser.parse(p, task);
        if (end) {
            folders.onTaskEnd(task);
        } else {
            folders.onTaskStart(task);
        }
    }

    private static int firstNonBlank(byte[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            byte b = buf[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return i;
            }
        }
        return -1;
    }

    static SourceException notAnEventLog(Path file, String start) {
        String shown = start.replaceAll("[^\\x20-\\x7e]", "?");
        return new SourceException(file + " is not a Spark event log (expected JSON lines with \"Event\" fields, found \""
                + shown + "\"): point at a file from spark.eventLog.dir");
    }

    private static String unreadable(Path file, Codec codec, Exception e) {
        return codec == Codec.NONE
                ? "Cannot read event log " + file + ": " + message(e)
                : "Cannot read " + file + " as a " + codec.extension() + "-compressed event log (" + message(e)
                  + "): check the file is a Spark event log and its extension matches its codec";
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        return (m == null || m.isBlank() ? e.getClass().getSimpleName() : m).lines().findFirst().orElse("");
    }
}
