package dev.sparkdoc.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;

/**
 * An output stream that keeps its first write failure instead of throwing it, and drops whatever
 * comes after. Reports print through a {@link java.io.PrintStream}, which swallows IOExceptions
 * and keeps only a flag ({@code checkError()}); the failure's message is what tells a reader that
 * went away ("Broken pipe") from a full disk, so it is caught here, below the PrintStream, and
 * judged once the printing is done ({@link Destination#write}).
 */
final class FailureRecordingStream extends FilterOutputStream {

    /** What Linux's strerror(EPIPE) says; the JDK passes it on as the exception's message. */
    private static final String BROKEN_PIPE = "Broken pipe";

    private volatile IOException failure;

    FailureRecordingStream(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) {
        attempt(() -> out.write(b));
    }

    @Override
    public void write(byte[] b, int off, int len) {
        attempt(() -> out.write(b, off, len));
    }

    @Override
    public void flush() {
        attempt(out::flush);
    }

    @Override
    public void close() {
        attempt(out::close);
    }

    Optional<IOException> failure() {
        return Optional.ofNullable(failure);
    }

    /** The reader of a pipe closed its end, as {@code head} does once it has its lines. */
    boolean readerGone() {
        return failure != null && failure.getMessage() != null && failure.getMessage().startsWith(BROKEN_PIPE);
    }

    private void attempt(Write write) {
        if (failure != null) {
            return;
        }
        try {
            write.run();
        } catch (IOException e) {
            failure = e;
        }
    }

    @FunctionalInterface
    private interface Write {
        void run() throws IOException;
    }
}
