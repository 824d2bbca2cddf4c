package dev.sparkdoc.source.eventlog.files;

import dev.sparkdoc.source.Unreadable;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One file of an event log (a rolling log has several) and the codec it was written with. */
public record Segment(Path file, Codec codec) {

    private static final byte[] UTF8_BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    /**
     * The file's decompressed bytes, without a UTF-8 byte-order mark at their start. A file the
     * system will not open (permission denied, gone) is no cut stream: it throws the reason,
     * whatever was read before it.
     */
    public InputStream open() throws IOException {
        InputStream raw;
        try {
            raw = Files.newInputStream(file);
        } catch (FileSystemException e) {
            throw Unreadable.file(file, e);
        }
        try {
            BufferedInputStream buffered = new BufferedInputStream(raw, 1 << 16);
            InputStream decoded = (codec == Codec.NONE && startsWithGzipMagic(buffered) ? Codec.GZIP : codec).open(buffered);
            return withoutBom(decoded);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /**
     * Databricks' rolled pieces are gzip whatever their name says (a copied piece loses its .gz):
     * the two magic bytes 1f 8b tell, and no event log starts with them (its first byte is '{').
     */
    private static boolean startsWithGzipMagic(BufferedInputStream in) throws IOException {
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b;
    }

    /**
     * Spark never writes a byte-order mark, but a log that went through a Windows editor or a
     * PowerShell {@code Out-File} starts with one (EF BB BF), before its first '{'.
     */
    private static InputStream withoutBom(InputStream in) {
        return new BomSkipping(in);
    }

    /**
     * Looks for the mark on the first read, not on open: a codec that fails on its first block
     * (a snappy frame with a bad chunk size) then fails where the reader turns it into a broken
     * stream, as it did before the mark was looked for.
     */
    private static final class BomSkipping extends PushbackInputStream {
        private boolean checked;

        BomSkipping(InputStream in) {
            super(in, UTF8_BOM.length);
        }

        private void check() throws IOException {
            if (checked) {
                return;
            }
            checked = true;
            byte[] head = in.readNBytes(UTF8_BOM.length);
            if (!java.util.Arrays.equals(head, UTF8_BOM)) {
                unread(head);
            }
        }

        @Override
        public int read() throws IOException {
            check();
            return super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            check();
            return super.read(b, off, len);
        }

        @Override
        public long skip(long n) throws IOException {
            check();
            return super.skip(n);
        }

        @Override
        public int available() throws IOException {
            check();
            return super.available();
        }
    }
}
