package dev.sparkdoc.source.eventlog;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a stream into lines as byte ranges of one reused buffer, so a line is handed to the
 * JSON parser without a String copy. Event logs are UTF-8 JSON lines ending in {@code \n}.
 */
final class LineReader {

    /** An EnvironmentUpdate with a huge classpath is the longest real line (a few MB). */
    static final int MAX_LINE_BYTES = 256 << 20;

    private final InputStream in;
    private byte[] buf = new byte[1 << 16];
    private int start;
    private int end;
    private boolean eof;
    private int lineStart;
    private int lineLength;
    private boolean unterminated;

    LineReader(InputStream in) {
        this.in = in;
    }

    /** Moves to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        int scanFrom = start;
        while (true) {
            for (int i = scanFrom; i < end; i++) {
                if (buf[i] == '\n') {
                    setLine(start, i, false);
                    start = i + 1;
                    return true;
                }
            }
            if (eof) {
                if (start < end) {
                    setLine(start, end, true);
                    start = end;
                    return true;
                }
                return false;
            }
            scanFrom = end - start;
            fill();
            scanFrom += start;
        }
    }

    private void setLine(int from, int to, boolean lastWithoutNewline) {
        int stop = to > from && buf[to - 1] == '\r' ? to - 1 : to;
        lineStart = from;
        lineLength = stop - from;
        unterminated = lastWithoutNewline;
    }

    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buf.length) {
            if (buf.length >= MAX_LINE_BYTES) {
                throw new IOException("a line is longer than " + (MAX_LINE_BYTES >> 20) + " MB");
            }
            byte[] bigger = new byte[Math.min(MAX_LINE_BYTES, buf.length * 2)];
            System.arraycopy(buf, 0, bigger, 0, end);
            buf = bigger;
        }
        int n;
        try {
            n = in.read(buf, end, buf.length - end);
        } catch (org.xerial.snappy.SnappyError | RuntimeException e) {
            // Codec libraries report corrupt input as Errors and runtime exceptions (snappy-java's
            // SnappyError on a bad chunk size): to the reader that is a broken stream like any other.
            throw new IOException("corrupt compressed data: " + e.getMessage(), e);
        }
        if (n < 0) {
            eof = true;
        } else {
            end += n;
        }
    }

    byte[] buffer() {
        return buf;
    }

    int lineStart() {
        return lineStart;
    }

    int lineLength() {
        return lineLength;
    }

    /** True for a last line with no newline: possibly cut off while Spark was writing it. */
    boolean lineUnterminated() {
        return unterminated;
    }

    /** Bytes read but not yet returned as a line (a line cut by a stream error). */
    boolean hasPendingBytes() {
        return start < end;
    }

    /** The first bytes of the stream as text, for error messages. */
    String peek(int max) {
        return new String(buf, lineStart, Math.min(max, lineLength), java.nio.charset.StandardCharsets.UTF_8);
    }
}
