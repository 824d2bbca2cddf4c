package dev.sparkdoc.tui;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The attach log, {@code attach.log} in the user's cache folder ({@code $XDG_CACHE_HOME/sparkdoc}, else {@code ~/.cache/sparkdoc}): nothing may print while the TUI owns the
 * screen, so poll failures and errors go here. Logging never fails the TUI.
 */
public final class AttachLog {

    private final Path file;

    public AttachLog(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public synchronized void info(String message) {
        write(Instant.now() + " " + message + System.lineSeparator());
    }

    public synchronized void error(String message, Throwable t) {
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        write(Instant.now() + " " + message + System.lineSeparator() + trace);
    }

    private void write(String raw) {
        // messages quote URLs and server answers: no password or token reaches the disk
        String text = dev.sparkdoc.redact.Redaction.text(raw);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException ignored) {
            // a read-only home must not break the live view
        }
    }
}
