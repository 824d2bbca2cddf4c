package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;
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

    static final String ROLLING = "src/test/resources/spark/eventlogs/join-rolling-zstd/eventlog_v2_local-1795967347590";
    static final String LINE = "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.1\"}\n";

    @Test
    void historyServerZipDownloadIsReadInPlace() throws IOException {
        Path zip = dir.resolve("eventLogs-application_1489705648216_1600.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new java.util.zip.ZipEntry("application_1489705648216_1600"));
            out.write(LINE.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        assertThat(new EventLogSource(zip).read().application().sparkVersion()).contains("3.5.1");
    }

    @Test
    void zipWithSeveralEntriesAsksToBeUnzipped() throws IOException {
        Path zip = dir.resolve("two.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            for (String name : new String[] {"app-1", "app-2"}) {
                out.putNextEntry(new java.util.zip.ZipEntry(name));
                out.write(LINE.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }

        assertThatThrownBy(() -> new EventLogSource(zip).read())
                .isInstanceOf(SourceException.class)
                .hasMessage("The zip " + zip + " holds 2 entries, not one event log: unzip it and point at the event"
                        + " log inside");
    }

    @Test
    void corruptZipIsOneLineNamingTheFix() throws IOException {
        Path zip = dir.resolve("cut.zip");
        Files.write(zip, new byte[] {'P', 'K', 3, 4, 1, 2, 3});

        assertThatThrownBy(() -> new EventLogSource(zip).read())
                .isInstanceOf(SourceException.class)
                .hasMessageStartingWith("Cannot read " + zip + " as a zip archive (")
                .hasMessageEndingWith("download it again from the History Server, or point at the event log itself");
    }

    @Test
    void gzipPieceIsReadWhateverItsName() throws IOException {
        Path gz = dir.resolve("eventlog-2021-06-15--15-00");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(LINE.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        assertThat(new EventLogSource(gz).read().application().sparkVersion()).contains("3.5.1");
    }

    @Test
    void statusMarkerOfARollingLogPointsAtItsFolder() {
        Path marker = Path.of(ROLLING, "appstatus_local-1795967347590");

        assertThatThrownBy(() -> new EventLogSource(marker).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("is the status marker of a rolling event log, not the log: point at its folder")
                .hasMessageEndingWith(Path.of(ROLLING).getFileName().toString());
    }

    @Test
    void onePartOfARollingLogIsReadWithANoteToPointAtTheFolder() {
        var s = new EventLogSource(Path.of(ROLLING, "events_1_local-1795967347590.zstd")).read();

        assertThat(s.source().notes()).anyMatch(n -> n.startsWith("one part of the rolling log ")
                && n.endsWith(" read: point at the folder to read every part"));
    }
}
