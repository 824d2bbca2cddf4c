package dev.sparkdoc.targets;

/** The target text makes no sense; the message says what was expected. Exit code 2. */
public class TargetException extends RuntimeException {

    /**
     * Messages quote what the user typed: its control characters (a newline pasted with the
     * target, found by TargetParserFuzzTest) become '?' so the message stays one line.
     */
    public TargetException(String message) {
        super(message.replaceAll("\\p{Cntrl}", "?"));
    }
}
