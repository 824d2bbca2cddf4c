package dev.sparkdoc.datafile;

/** A data file (rules, error patterns) is broken: says which file, which line and why. Exit code 2. */
public class DataFileException extends RuntimeException {

    private final String file;
    private final int line;

    public DataFileException(String file, int line, String reason) {
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
