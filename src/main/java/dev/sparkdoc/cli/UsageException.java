package dev.sparkdoc.cli;

/** The user asked for something that cannot be: exit code 2. */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message);
    }
}
