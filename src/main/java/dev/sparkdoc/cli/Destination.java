package dev.sparkdoc.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Where a command's data goes: standard output, or the file of {@code -o FILE}, replaced whole.
 * Every command prints its data through one, so that a failed write is never taken for success
 * (a PrintStream hides it) and ends the same way everywhere: a reader that closed its pipe ends
 * the run quietly, any other failure is one line and exit 3 ({@link OutputException}).
 */
sealed interface Destination permits StandardOutput, AtomicFile {

    /** What a command prints. */
    @FunctionalInterface
    interface Body {
        void printTo(PrintStream out) throws IOException;
    }

    /**
     * The file an {@code -o} option names, refused at once when it is not one that can be replaced
     * whole (before minutes of reading an application); standard output for none or {@code -}.
     */
    static Destination of(Path option) {
        return option == null || option.toString().equals("-") ? stdout() : AtomicFile.at(option);
    }

    static Destination stdout() {
        return StandardOutput.current();
    }

    /**
     * Prints {@code body} and checks that all of it arrived. Returns false when the reader of
     * standard output has gone (a closed pipe): print no more, and end as usual. Throws
     * {@link OutputException} for any other failure; a file is then left as it was.
     */
    boolean write(Body body) throws IOException;
}
