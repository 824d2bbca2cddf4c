package dev.sparkdoc.source;

import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.redact.Redaction;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a driver log for {@code triage --driver-log}: only its tail, because a JVM's death is
 * its last words and driver logs of long applications reach gigabytes. Every line is redacted
 * before anything else sees it (driver logs print command lines and configurations).
 */
public final class DriverLogFile {

    /** The tail read: far more than the last minutes of any driver, far less than a day's log. */
    public static final int MAX_BYTES = 8 * 1024 * 1024;
    private static final int MAX_LINE_CHARS = 16 * 1024;

    private DriverLogFile() {
    }

    public static DriverLog read(Path file) {
        if (Files.isDirectory(file)) {
            throw new SourceException("Cannot read driver log " + file + ": it is a folder (name the driver's log file)");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long start = Math.max(0, size - MAX_BYTES);
            ByteBuffer buf = ByteBuffer.allocate((int) (size - start));
            while (buf.hasRemaining() && ch.read(buf, start + buf.position()) >= 0) {
                // read until the tail is full or the file ends (it may still be growing)
            }
            String text = new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>(text.lines().toList());
            if (start > 0 && !lines.isEmpty()) {
                lines.remove(0); // begins mid-line
            }
            lines.replaceAll(l -> Redaction.text(l.length() > MAX_LINE_CHARS ? l.substring(0, MAX_LINE_CHARS) : l));
            return new DriverLog(file.toString(), lines, start);
        } catch (IOException e) {
            throw Unreadable.file(file, e);
        }
    }
}
