package dev.sparkdoc.source.eventlog.files;

import dev.sparkdoc.source.Unreadable;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One file of an event log (a rolling log has several) and the codec it was written with. */
public record Segment(Path file, Codec codec) {

    /**
     * The file's decompressed bytes. A file the system will not open (permission denied, gone)
     * is no cut stream: it throws the reason, whatever was read before it.
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
            return (codec == Codec.NONE && startsWithGzipMagic(buffered) ? Codec.GZIP : codec).open(buffered);
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
}
