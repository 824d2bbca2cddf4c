package dev.sparkdoc.rules;

/** A rule file is broken: says which file, which line and why. */
public class RuleFileException extends RuntimeException {

    private final String file;
    private final int line;

    public RuleFileException(String file, int line, String reason) {
        super(file + ":" + line + ": " + reason);
        this.file = file;
        this.line = line;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }
}
