package dev.sparkdoc.source.eventlog;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Consecutive lines of one {@link Segment}, copied out of the reading buffer so a parsing thread
 * can take them while the next lines are read; the parsed events follow in {@link #parsed}. The
 * last chunk of a segment carries how the segment ended.
 */
final class LineChunk {

    final Segment segment;
    private final int capacity;
    private byte[] bytes;
    private int size;
    private int[] ends = new int[256];
    private int lines;
    /** The last line had no newline: possibly cut while Spark wrote it. */
    boolean lastLineUnterminated;

    boolean segmentEnd;
    /** Why the segment's stream ended early, when it did. */
    Exception error;
    /** Bytes were read after the last whole line before the stream broke (a cut line). */
    boolean pendingBytes;

    final CompletableFuture<List<ParallelReader.Item>> parsed = new CompletableFuture<>();

    /** @param buffer where the lines go (a spare one of an earlier chunk, or new), {@code capacity} long */
    LineChunk(Segment segment, int capacity, byte[] buffer) {
        this.segment = segment;
        this.capacity = capacity;
        this.bytes = buffer;
    }

    /** Copies a line in; the chunk grows for a line longer than its capacity. */
    void add(byte[] buf, int off, int len, boolean unterminated) {
        if (size + len > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length + bytes.length / 2, size + len));
        }
        if (lines == ends.length) {
            ends = Arrays.copyOf(ends, lines * 2);
        }
        System.arraycopy(buf, off, bytes, size, len);
        size += len;
        ends[lines++] = size;
        lastLineUnterminated = unterminated;
    }

    /** Full at its capacity (some lines more than fit are let in, a little over, rather than cut). */
    boolean isFull() {
        return size >= capacity || size + 512 > bytes.length;
    }

    int lines() {
        return lines;
    }

    byte[] bytes() {
        return bytes;
    }

    int start(int line) {
        return line == 0 ? 0 : ends[line - 1];
    }

    int length(int line) {
        return ends[line] - start(line);
    }

    /** Whether this line is the segment's last and has no newline. */
    boolean cut(int line) {
        return lastLineUnterminated && line == lines - 1;
    }

    /** The start of a line as text, for error messages. */
    String peek(int line, int max) {
        return new String(bytes, start(line), Math.min(max, length(line)), StandardCharsets.UTF_8);
    }
}
