package dev.sparkdoc.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;

/**
 * A result could not be written where the user asked (a full disk, a device, a missing folder):
 * {@code cannot write WHAT: REASON; FIX}, exit 3.
 */
final class OutputException extends RuntimeException {

    private OutputException(String message, Throwable cause) {
        super(message, cause);
    }

    /** A target refused before anything is written. */
    static OutputException refused(String what, String reason, String fix) {
        return new OutputException("cannot write " + what + ": " + reason + "; " + fix, null);
    }

    /** A write, flush, sync or rename that failed. */
    static OutputException failed(String what, IOException e) {
        String reason = reason(e);
        return new OutputException("cannot write " + what + ": " + reason + "; " + fix(reason), e);
    }

    /** A FileSystemException's message is the path, which the line already names: its reason instead. */
    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static String fix(String reason) {
        if (reason.contains("No space left") || reason.contains("quota")) {
            return "free some space, or write elsewhere";
        }
        if (reason.contains("Permission denied") || reason.contains("Read-only file system")) {
            return "write somewhere you may write to";
        }
        return "check the disk or device it goes to, or write elsewhere";
    }
}
