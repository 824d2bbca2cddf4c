package dev.sparkdoc.source.eventlog;

import dev.sparkdoc.source.Unreadable;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A part of an event log one thread can parse on its own: a whole file (compressed streams
 * cannot be split) or a byte range of a plain file that starts and ends at a line boundary.
 *
 * @param to the end offset (exclusive), or -1 for the whole file
 */
record Segment(Path file, Codec codec, long from, long to) {

    static Segment whole(Path file, Codec codec) {
        return new Segment(file, codec, 0, -1);
    }

    /** A plain file cut at newlines into parts of about {@code partBytes}. */
    static List<Segment> split(Path file, long partBytes) throws IOException {
        long size = Files.size(file);
        List<Segment> out = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long from = 0;
            while (from < size) {
                long to = from + partBytes >= size ? size : lineEndAfter(ch, from + partBytes, size);
                out.add(new Segment(file, Codec.NONE, from, to));
                from = to;
            }
        }
        return out;
    }

    /** The offset just past the first newline at or after {@code pos}; the file size if none. */
    private static long lineEndAfter(FileChannel ch, long pos, long size) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        while (pos < size) {
            buf.clear();
            int n = ch.read(buf, pos);
            if (n <= 0) {
                break;
            }
            for (int i = 0; i < n; i++) {
                if (buf.get(i) == '\n') {
                    return pos + i + 1;
                }
            }
            pos += n;
        }
        return size;
    }

    /**
     * The segment's decompressed bytes. A file the system will not open (permission denied, gone)
     * is no cut stream: it throws the reason, whatever was read before it.
     */
    InputStream open() throws IOException {
        InputStream raw;
        try {
            raw = to < 0 ? Files.newInputStream(file) : new Range(FileChannel.open(file, StandardOpenOption.READ), from, to);
        } catch (FileSystemException e) {
            throw Unreadable.file(file, e);
        }
        try {
            return codec.open(new BufferedInputStream(raw, 1 << 16));
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** Bytes {@code [pos, to)} of a file channel. */
    private static final class Range extends InputStream {
        private final FileChannel ch;
        private long pos;
        private final long to;

        Range(FileChannel ch, long from, long to) {
            this.ch = ch;
            this.pos = from;
            this.to = to;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos >= to) {
                return -1;
            }
            int n = ch.read(ByteBuffer.wrap(b, off, (int) Math.min(len, to - pos)), pos);
            if (n > 0) {
                pos += n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }
}
