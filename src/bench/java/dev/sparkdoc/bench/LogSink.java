package dev.sparkdoc.bench;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where generated event-log lines go: a plain file and, alongside, a Spark 4 rolling folder
 * ({@code eventlog_v2_<appId>/events_<N>_<appId>.zstd} + {@code appstatus_<appId>}), the layout
 * {@code RollingEventLogFilesWriter} writes. Spark rolls on {@code spark.eventLog.rolling.maxFileSize}
 * of compressed bytes; here the roll is on uncompressed bytes so the number of files is
 * predictable whatever zstd achieves.
 */
final class LogSink implements AutoCloseable {

    private final OutputStream plain;
    private final Path rollingDir;
    private final String appId;
    private final long rollBytes;
    private OutputStream rolling;
    private int fileIndex;
    private long inFile;
    long total;

    LogSink(Path plainFile, Path rollingParent, String appId, long rollBytes) throws IOException {
        this.plain = plainFile == null ? null : new BufferedOutputStream(Files.newOutputStream(plainFile), 1 << 20);
        this.appId = appId;
        this.rollBytes = rollBytes;
        if (rollingParent != null) {
            rollingDir = rollingParent.resolve("eventlog_v2_" + appId);
            Files.createDirectories(rollingDir);
            try (var files = Files.list(rollingDir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
        } else {
            rollingDir = null;
        }
    }

    void line(byte[] bytes, int len) throws IOException {
        if (plain != null) {
            plain.write(bytes, 0, len);
            plain.write('\n');
        }
        if (rollingDir != null) {
            if (rolling == null || inFile >= rollBytes) {
                roll();
            }
            rolling.write(bytes, 0, len);
            rolling.write('\n');
            inFile += len + 1;
        }
        total += len + 1;
    }

    private void roll() throws IOException {
        if (rolling != null) {
            rolling.close();
        }
        fileIndex++;
        inFile = 0;
        Path file = rollingDir.resolve("events_" + fileIndex + "_" + appId + ".zstd");
        // Spark's ZStdCompressionCodec: level 1, 32 KB buffer
        rolling = new BufferedOutputStream(new ZstdOutputStream(Files.newOutputStream(file), 1), 32 << 10);
    }

    @Override
    public void close() throws IOException {
        if (plain != null) {
            plain.close();
        }
        if (rolling != null) {
            rolling.close();
            Files.write(rollingDir.resolve("appstatus_" + appId), new byte[0]);
        }
    }
}
