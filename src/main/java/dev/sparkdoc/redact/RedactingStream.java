package dev.sparkdoc.redact;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What libraries print while the TUI owns the screen goes to the attach log through here, a line
 * at a time with {@link Redaction#text} applied: an OkHttp or Spark message quoting a URL with a
 * password must not put it on disk. A line longer than 64 KiB is written in pieces.
 */
public final class RedactingStream extends OutputStream {

    private static final int MAX_LINE = 64 * 1024;

    private final OutputStream out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    public RedactingStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        line.write(b);
        if (b == '\n' || line.size() >= MAX_LINE) {
            flushLine();
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        flushLine();
        out.close();
    }

    private void flushLine() throws IOException {
        if (line.size() == 0) {
            return;
        }
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        out.write(Redaction.text(text).getBytes(StandardCharsets.UTF_8));
    }
}
