package dev.sparkdoc.source.eventlog.lines;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a stream into lines as byte ranges of one reused buffer, so a line is handed to the
 * JSON parser without a String copy. Event logs are UTF-8 JSON lines ending in {@code \n}.
 *
 * <p>A line longer than the bound is not buffered whole: the reader keeps its first and last
 * {@link #KEPT_BYTES}, streams past the rest to the next newline and reports the line as
 * {@linkplain #lineOversized() oversized}, with its head as the line's bytes. Memory stays below
 * the bound whatever the log holds (a 200 MB plan string in a SQLExecutionStart, say).
 */
public final class LineReader {

    /**
     * The longest line loaded whole. Real lines reach a few MB (an EnvironmentUpdate with a huge
     * classpath, a SQLExecutionStart with a big physicalPlanDescription); 64 MB leaves ample room.
     */
    static final int DEFAULT_MAX_LINE_BYTES = 64 << 20;
    /** Overrides the bound (bytes), for tests and for logs with even longer legitimate lines. */
    public static final String MAX_LINE_PROPERTY = "sparkdoc.eventlog.maxLineBytes";
    /** What is kept of each end of an oversized line: its event type and ids are at the start. */
    public static final int KEPT_BYTES = 64 << 10;

    private final InputStream in;
    private final int maxLine;
    private byte[] buf = new byte[1 << 16];
    private int start;
    private int end;
    private boolean eof;
    private byte[] lineBuf = buf;
    private int lineStart;
    private int lineLength;
    private boolean unterminated;
    private long oversizedLength = -1;
    private final byte[] tail = new byte[KEPT_BYTES];
    private int tailLength;

    public LineReader(InputStream in, int maxLine) {
        this.in = in;
        this.maxLine = Math.max(1, maxLine);
    }

    public static int maxLineBytes() {
        return Math.max(1, Integer.getInteger(MAX_LINE_PROPERTY, DEFAULT_MAX_LINE_BYTES));
    }

    /** Moves to the next line; false at the end of the stream. */
    public boolean next() throws IOException {
        oversizedLength = -1;
        int scanFrom = start;
        while (true) {
            int i = ByteScan.newline(buf, scanFrom, end);
            if (i >= 0) {
                if (i - start > maxLine) {
                    skipOversized();
                    return true;
                }
                setLine(start, i, false);
                start = i + 1;
                return true;
            }
            if (end - start > maxLine) {
                skipOversized();
                return true;
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
        lineBuf = buf;
        lineStart = from;
        lineLength = stop - from;
        unterminated = lastWithoutNewline;
    }

    /** Keeps the head and tail of the current line and reads on to its newline, holding no more. */
    private void skipOversized() throws IOException {
        byte[] head = Arrays.copyOfRange(buf, start, start + Math.min(KEPT_BYTES, end - start));
        long length = 0;
        tailLength = 0;
        boolean terminated = false;
        while (!terminated) {
            int stop = end;
            for (int i = start; i < end; i++) {
                if (buf[i] == '\n') {
                    stop = i;
                    terminated = true;
                    break;
                }
            }
            keepTail(buf, start, stop);
            length += stop - start;
            start = terminated ? stop + 1 : end;
            if (!terminated) {
                if (eof) {
                    break;
                }
                start = 0;
                end = 0;
                int n = read(buf, 0, buf.length);
                if (n < 0) {
                    eof = true;
                } else {
                    end = n;
                }
            }
        }
        lineBuf = head;
        lineStart = 0;
        lineLength = head.length;
        unterminated = !terminated;
        oversizedLength = length;
    }

    private void keepTail(byte[] b, int from, int to) {
        int n = to - from;
        if (n >= KEPT_BYTES) {
            System.arraycopy(b, to - KEPT_BYTES, tail, 0, KEPT_BYTES);
            tailLength = KEPT_BYTES;
            return;
        }
        int keep = Math.min(tailLength, KEPT_BYTES - n);
        System.arraycopy(tail, tailLength - keep, tail, 0, keep);
        System.arraycopy(b, from, tail, keep, n);
        tailLength = keep + n;
    }

    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buf.length) {
            // one byte past the bound is enough to know the line is oversized
            int grown = (int) Math.min((long) maxLine + 1, buf.length * 2L);
            buf = Arrays.copyOf(buf, Math.max(grown, buf.length + 1));
        }
        int n = read(buf, end, buf.length - end);
        if (n < 0) {
            eof = true;
        } else {
            end += n;
        }
    }

    private int read(byte[] into, int off, int len) throws IOException {
        try {
            return in.read(into, off, len);
        } catch (org.xerial.snappy.SnappyError | RuntimeException e) {
            // Codec libraries report corrupt input as Errors and runtime exceptions (snappy-java's
            // SnappyError on a bad chunk size): to the reader that is a broken stream like any other.
            throw new IOException("corrupt compressed data: " + e.getMessage(), e);
        }
    }

    /** The bytes of the current line (for an oversized line, its head). */
    public byte[] buffer() {
        return lineBuf;
    }

    public int lineStart() {
        return lineStart;
    }

    public int lineLength() {
        return lineLength;
    }

    /** True for a last line with no newline: possibly cut off while Spark was writing it. */
    public boolean lineUnterminated() {
        return unterminated;
    }

    /** True when the current line was longer than the bound and only its ends were kept. */
    public boolean lineOversized() {
        return oversizedLength >= 0;
    }

    /** The full length of an oversized line, in bytes. */
    public long oversizedLength() {
        return oversizedLength;
    }

    /** The last bytes of an oversized line (up to {@link #KEPT_BYTES}). */
    public byte[] oversizedTail() {
        return Arrays.copyOf(tail, tailLength);
    }

    /** The most bytes the reader holds at once: stays near the bound, for tests. */
    int capacity() {
        return buf.length;
    }

    int maxLine() {
        return maxLine;
    }

    /** Bytes read but not yet returned as a line (a line cut by a stream error). */
    public boolean hasPendingBytes() {
        return start < end;
    }

    /** The first bytes of the stream as text, for error messages. */
    public String peek(int max) {
        return new String(lineBuf, lineStart, Math.min(max, lineLength), java.nio.charset.StandardCharsets.UTF_8);
    }
}
