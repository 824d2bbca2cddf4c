package dev.sparkdoc.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.Optional;

/**
 * Standard output, checked after each write. A closed pipe ({@code sparkdoc triage … | head -1})
 * is not an error: GNU tools die of SIGPIPE there (exit 141), but the JVM ignores that signal and
 * gets EPIPE, so the command stops printing and ends with the exit code it would have had: the
 * reader chose to stop, and a script under {@code set -o pipefail} still learns whether there were
 * findings. Any other failure (a full disk behind {@code > file}, EIO) is an {@link OutputException}.
 */
final class StandardOutput implements Destination {

    /** What is written where, for the message. */
    private static final String WHAT = "standard output";

    private final PrintStream out;
    private final Optional<FailureRecordingStream> recorder;

    private StandardOutput(PrintStream out, Optional<FailureRecordingStream> recorder) {
        this.out = out;
        this.recorder = recorder;
    }

    /**
     * Makes {@code System.out} write to file descriptor 1 through a {@link FailureRecordingStream},
     * in the charset the JVM chose for it, flushing as the JVM's own does. Only {@link Main#main}
     * calls it: in-process runs (tests) keep the stream they set.
     */
    static void install() {
        System.out.flush();
        FailureRecordingStream recorder = new FailureRecordingStream(
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 8192));
        System.setOut(new Installed(recorder, charset()));
    }

    static StandardOutput current() {
        PrintStream out = System.out;
        return new StandardOutput(out, out instanceof Installed i ? Optional.of(i.recorder) : Optional.empty());
    }

    @Override
    public boolean write(Body body) throws IOException {
        body.printTo(out);
        out.flush();
        if (recorder.isEmpty()) {
            // a stream set by someone else: its flag is all there is to know
            if (out.checkError()) {
                throw OutputException.failed(WHAT, new IOException("write error"));
            }
            return true;
        }
        if (recorder.get().readerGone()) {
            return false;
        }
        Optional<IOException> failure = recorder.get().failure();
        if (failure.isPresent()) {
            throw OutputException.failed(WHAT, failure.get());
        }
        return true;
    }

    /** Java 17 names stdout's charset in sun.stdout.encoding when it differs from the default; 19+ in stdout.encoding. */
    private static Charset charset() {
        for (String property : new String[] {"stdout.encoding", "sun.stdout.encoding"}) {
            String name = System.getProperty(property);
            if (name != null && Charset.isSupported(name)) {
                return Charset.forName(name);
            }
        }
        return Charset.defaultCharset();
    }

    /** The installed System.out, carrying the recorder it writes through. */
    private static final class Installed extends PrintStream {
        private final FailureRecordingStream recorder;

        Installed(FailureRecordingStream recorder, Charset charset) {
            super(recorder, true, charset);
            this.recorder = recorder;
        }
    }
}
