package dev.sparkdoc.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Temporary files for fuzz inputs, and the codecs Spark writes event logs with. */
final class FuzzFiles {

    /** Inputs are cut here: the readers must cope with any size, but the fuzzer should not wait. */
    static final int MAX_BYTES = 1024 * 1024;

    private FuzzFiles() {
    }

    static Path dir() {
        try {
            return Files.createTempDirectory("sparkdoc-fuzz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path dir, String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // temp files: the OS cleans up what is left
        }
    }

    /** The bytes compressed the way Spark's codec of that extension writes them. */
    static byte[] compress(String extension, byte[] plain) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (OutputStream o = switch (extension) {
                case "lz4" -> new net.jpountz.lz4.LZ4BlockOutputStream(out);
                case "lzf" -> new com.ning.compress.lzf.LZFOutputStream(out);
                case "snappy" -> new org.xerial.snappy.SnappyOutputStream(out);
                case "zstd" -> new com.github.luben.zstd.ZstdOutputStream(out);
                default -> out;
            }) {
                o.write(plain);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
