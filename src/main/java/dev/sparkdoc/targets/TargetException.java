package dev.sparkdoc.targets;

/** The target text makes no sense; the message says what was expected. Exit code 2. */
public class TargetException extends RuntimeException {

    public TargetException(String message) {
        super(message);
    }
}
