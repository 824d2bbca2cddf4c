package dev.sparkdoc.cli;

/** A result could not be written where the user asked (a full disk, a missing folder). */
final class OutputException extends RuntimeException {
    OutputException(String message, Throwable cause) {
        super(message, cause);
    }
}
