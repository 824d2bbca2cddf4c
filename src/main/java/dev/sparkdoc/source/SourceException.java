package dev.sparkdoc.source;

/**
 * The target could not be read. The message is one line a user can act on: what went wrong
 * and what to try. Exit code 3 for every command.
 */
public class SourceException extends RuntimeException {

    public SourceException(String message) {
        super(message);
    }

    public SourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
