package dev.sparkdoc.source.snapshot;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The saved-snapshot format: the model as JSON under a versioned envelope, so that what a live
 * driver showed can be triaged later or sent to a colleague.
 */
public final class SnapshotFile {

    /** Bumped when a change to the model would stop older sparkdoc versions reading the file. */
    public static final int FORMAT_VERSION = 1;

    /** The envelope; {@code sparkdocSnapshot} comes first so the file is recognised by its head. */
    @JsonPropertyOrder({"sparkdocSnapshot", "tool", "snapshot"})
    record Envelope(int sparkdocSnapshot, Tool tool, AppSnapshot snapshot) {
    }

    record Tool(String name, String version) {
    }

    private SnapshotFile() {
    }

    public static void write(AppSnapshot snapshot, String toolVersion, OutputStream out) throws IOException {
        Json.mapper().writeValue(new NonClosing(out), new Envelope(FORMAT_VERSION, new Tool("sparkdoc", toolVersion), snapshot));
    }

    /** Reads a snapshot file; the result's source says it came from a snapshot and where it was taken. */
    public static AppSnapshot read(Path path) {
        Envelope envelope;
        try {
            envelope = Json.mapper().readValue(path.toFile(), Envelope.class);
        } catch (JsonProcessingException e) {
            throw new SourceException("not a valid sparkdoc snapshot: " + path + " (" + firstLine(e.getOriginalMessage())
                    + "); write one with 'sparkdoc snapshot TARGET -o FILE'");
        } catch (IOException e) {
            throw new SourceException("cannot read snapshot " + path + ": " + e.getMessage());
        }
        // a file holding only JSON 'null' reads as no envelope at all (found by SnapshotFileFuzzTest)
        if (envelope == null || envelope.snapshot() == null || envelope.sparkdocSnapshot() < 1) {
            throw new SourceException("not a sparkdoc snapshot: " + path + " (no 'snapshot' object)");
        }
        if (envelope.sparkdocSnapshot() > FORMAT_VERSION) {
            throw new SourceException("snapshot " + path + " has format " + envelope.sparkdocSnapshot()
                    + ", newer than this sparkdoc reads (" + FORMAT_VERSION + "); upgrade sparkdoc");
        }
        return asSnapshotSource(envelope.snapshot(), path);
    }

    private static AppSnapshot asSnapshotSource(AppSnapshot saved, Path path) {
        SourceInfo original = saved.source();
        List<String> notes = new ArrayList<>(original.notes());
        notes.add(0, "saved from " + original.kind().jsonName() + " " + original.target() + " at " + saved.takenAt());
        SourceInfo source = new SourceInfo(SourceKind.SNAPSHOT, path.toString(), original.complete(),
                original.skippedLines(), original.unknownEvents(), notes, original.quietBeforeRead(), original.finishedName());
        return new AppSnapshot(source, saved.application(), saved.jobs(), saved.stages(), saved.executors(),
                saved.sqlExecutions(), saved.environment(), saved.takenAt(), saved.taskThreads(), saved.driverDump(),
                saved.streamingQueries());
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unreadable";
        }
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    /** Jackson closes the stream it writes to; stdout must stay open. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
