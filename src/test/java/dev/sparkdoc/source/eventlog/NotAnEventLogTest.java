package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotAnEventLogTest {

    @TempDir
    Path dir;

    @Test
    void randomBytesAreRejectedWithOneClearLine() throws IOException {
        byte[] bytes = new byte[100_000];
        new Random(42).nextBytes(bytes);
        bytes[0] = 'x';
        Path file = Files.write(dir.resolve("app-1"), bytes);

        assertThatThrownBy(() -> new EventLogSource(file).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("is not a Spark event log")
                .hasMessageNotContaining("\n");
    }

    @Test
    void randomBytesNamedZstdAreRejectedAsNotZstd() throws IOException {
        byte[] bytes = new byte[10_000];
        new Random(7).nextBytes(bytes);
        Path file = Files.write(dir.resolve("app-1.zstd"), bytes);

        assertThatThrownBy(() -> new EventLogSource(file).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("zstd-compressed event log");
    }

    @Test
    void htmlPageIsRejected() throws IOException {
        Path file = Files.writeString(dir.resolve("index.html"),
                "<!DOCTYPE html>\n<html><head><title>Spark History Server</title></head></html>\n");

        assertThatThrownBy(() -> new EventLogSource(file).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("is not a Spark event log")
                .hasMessageContaining("<!DOCTYPE html>");
    }

    @Test
    void jsonWithoutSparkEventsIsRejected() throws IOException {
        Path file = Files.writeString(dir.resolve("data.json"), "{\"a\":1}\n{\"b\":2}\n");

        assertThatThrownBy(() -> new EventLogSource(file).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("holds no Spark listener events");
    }

    @Test
    void emptyFileIsRejected() throws IOException {
        Path file = Files.createFile(dir.resolve("app-2.inprogress"));

        assertThatThrownBy(() -> new EventLogSource(file).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("is empty");
    }

    @Test
    void missingPathIsRejected() {
        assertThatThrownBy(() -> new EventLogSource(dir.resolve("nope")).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("No event log at");
    }

    @Test
    void folderWithSeveralLogsAsksForOne() throws IOException {
        Files.writeString(dir.resolve("app-1"), "{}\n");
        Files.writeString(dir.resolve("app-2"), "{}\n");

        assertThatThrownBy(() -> new EventLogSource(dir).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("holds 2 event logs");
    }
}
