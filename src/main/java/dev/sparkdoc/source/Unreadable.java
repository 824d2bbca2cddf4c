package dev.sparkdoc.source;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A file or folder the system would not let sparkdoc read, as one line naming it, the reason in
 * words and the fix. NIO's exceptions carry little more than the path as their message ("Cannot
 * list folder X: X" said nothing); permission denied is the usual one, an event log written by
 * the Spark user and read by another.
 */
public final class Unreadable {

    /** File-type bits of {@code unix:mode} ({@code st_mode}), for naming what a non-file is. */
    private static final int TYPE_BITS = 0170000;
    private static final int FIFO = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int SOCKET = 0140000;

    private Unreadable() {
    }

    public static SourceException file(Path file, IOException e) {
        return new SourceException("Cannot read " + file + ": " + reason(e) + " ("
                + fix(e, file, "read it", "read access to it") + ")", e);
    }

    public static SourceException folder(Path folder, IOException e) {
        return new SourceException("Cannot list folder " + folder + ": " + reason(e) + " ("
                + fix(e, folder, "list it", "read and execute access to it") + ")", e);
    }

    /**
     * A FIFO, a device or a socket. A FIFO with no writer blocks whoever opens it, and sparkdoc
     * opens a log more than once (its head to tell a snapshot from a log, then the whole), so it
     * is refused before any open.
     */
    public static SourceException notAFile(Path path) {
        return new SourceException("Cannot read " + path + ": it is " + kind(path) + ", not a regular file (sparkdoc reads"
                + " a log more than once: save the stream to a file first, or point at the log in spark.eventLog.dir)");
    }

    /** The reason in words. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.lines().findFirst().orElse("");
    }

    private static String fix(IOException e, Path path, String verb, String access) {
        if (e instanceof AccessDeniedException) {
            String as = owner(path).map(o -> "its owner " + o + ": sudo -u " + o + " sparkdoc …").orElse("its owner");
            return "run sparkdoc as a user allowed to " + verb + ", e.g. " + as + ", or ask for " + access;
        }
        if (e instanceof NoSuchFileException) {
            // Spark renames a log when the application ends (drops .inprogress) or rolls it over
            return "it was moved or deleted while sparkdoc read it; a running application's log is renamed when"
                    + " it ends: list the folder and try again";
        }
        return "check that the path can be read, e.g. with ls -l " + path;
    }

    /** The owner's name, when the system tells it (it needs only the folder above to be searchable). */
    private static Optional<String> owner(Path path) {
        try {
            return Optional.of(Files.getOwner(path).getName());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static String kind(Path path) {
        Object mode;
        try {
            mode = Files.getAttribute(path, "unix:mode");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return "a special file"; // no unix view (Windows): the kind stays unnamed
        }
        int type = mode instanceof Integer m ? m & TYPE_BITS : 0;
        return switch (type) {
            case FIFO -> "a named pipe (FIFO)";
            case CHARACTER_DEVICE, BLOCK_DEVICE -> "a device";
            case SOCKET -> "a socket";
            default -> "a special file";
        };
    }
}
