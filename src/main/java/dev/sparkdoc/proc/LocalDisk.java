package dev.sparkdoc.proc;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Free space where Spark writes shuffle and spill files on this machine: the first folder of
 * {@code spark.local.dir} (Spark's default is {@code java.io.tmpdir}, i.e. /tmp). YARN and
 * Kubernetes override it with their own dirs, which only the executors' hosts can check.
 */
public record LocalDisk(Path path, long usableBytes, long totalBytes) {

    /** Reads the file system under {@code dir} (walking up to an existing parent); empty when unreadable. */
    public static Optional<LocalDisk> probe(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return Optional.empty();
        }
        try {
            FileStore store = Files.getFileStore(p);
            return Optional.of(new LocalDisk(dir, store.getUsableSpace(), store.getTotalSpace()));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The folder Spark would use first: {@code spark.local.dir} is a comma-separated list. */
    public static Path sparkLocalDir(Optional<String> sparkLocalDirConf) {
        return sparkLocalDirConf.map(v -> v.split(",")[0].strip()).filter(s -> !s.isEmpty())
                .map(Path::of).orElse(Path.of(System.getProperty("java.io.tmpdir", "/tmp")));
    }

    public double freeFraction() {
        return totalBytes == 0 ? Double.NaN : (double) usableBytes / totalBytes;
    }
}
