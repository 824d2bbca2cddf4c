package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdOutputStream;
import com.ning.compress.lzf.LZFOutputStream;
import dev.sparkdoc.model.AppSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jpountz.lz4.LZ4BlockOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.SnappyOutputStream;

/** Logs written with the same Java codec streams Spark uses read exactly like the plain log. */
class CompressedEventLogTest {

    static final String APP = "local-1642039451826";

    @TempDir
    Path dir;

    interface Wrap {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    private final AppSnapshot plain = Fixtures.readEventLog(APP);

    @Test
    void lz4BlockStreamReadsLikeThePlainLog() throws IOException {
        assertSameAsPlain(read(APP + ".lz4", LZ4BlockOutputStream::new));
    }

    @Test
    void snappyStreamReadsLikeThePlainLog() throws IOException {
        assertSameAsPlain(read(APP + ".snappy", SnappyOutputStream::new));
    }

    @Test
    void zstdFramesClosedAtEachFlushReadLikeThePlainLog() throws IOException {
        assertSameAsPlain(read(APP + ".zstd", out -> new ZstdOutputStream(out).setCloseFrameOnFlush(true)));
    }

    @Test
    void lzfStreamReadsLikeThePlainLog() throws IOException {
        assertSameAsPlain(read(APP + ".lzf", LZFOutputStream::new));
    }

    @Test
    void rollingFolderReadsItsFilesInIndexOrder() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("eventlog_v2_" + APP));
        List<String> lines = lines();
        int third = lines.size() / 3;
        // written out of order on purpose, and events_10 must sort after events_9 (names sort it first);
        // the indexes follow each other, as a gap is noted as missing events
        writeLines(folder.resolve("events_10_" + APP), lines.subList(2 * third, lines.size()), out -> out);
        writeLines(folder.resolve("events_8_" + APP + ".zstd"), lines.subList(0, third),
                out -> new ZstdOutputStream(out).setCloseFrameOnFlush(true));
        writeLines(folder.resolve("events_9_" + APP), lines.subList(third, 2 * third), out -> out);
        Files.createFile(folder.resolve("appstatus_" + APP));

        AppSnapshot rolled = new EventLogSource(folder).read();

        assertSameAsPlain(rolled);
        assertThat(rolled.application().sparkVersion()).contains("3.3.0-SNAPSHOT");
    }

    @Test
    void rollingFolderWithInProgressStatusIsIncomplete() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("eventlog_v2_" + APP));
        writeLines(folder.resolve("events_1_" + APP), lines(), out -> out);
        Files.createFile(folder.resolve("appstatus_" + APP + ".inprogress"));

        AppSnapshot s = new EventLogSource(folder).read();

        assertThat(s.source().complete()).isFalse();
        assertThat(s.jobs()).hasSize(plain.jobs().size());
    }

    @Test
    void folderHoldingOneLogStandsForIt() throws IOException {
        Path file = write(APP + ".zstd", out -> new ZstdOutputStream(out).setCloseFrameOnFlush(true));
        assertSameAsPlain(new EventLogSource(file.getParent()).read());
    }

    @Test
    void aByteOrderMarkBeforeThePlainLogIsSkipped() throws IOException {
        assertSameAsPlain(read(APP, out -> withBom(out)));
    }

    @Test
    void aByteOrderMarkInsideACompressedLogIsSkipped() throws IOException {
        assertSameAsPlain(read(APP + ".zstd", out -> withBom(new ZstdOutputStream(out).setCloseFrameOnFlush(true))));
        assertSameAsPlain(read(APP + ".lz4", out -> withBom(new LZ4BlockOutputStream(out))));
    }

    @Test
    void aByteOrderMarkBeforeEachFileOfARollingLogIsSkipped() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("eventlog_v2_" + APP));
        List<String> lines = lines();
        int half = lines.size() / 2;
        writeLines(folder.resolve("events_1_" + APP), lines.subList(0, half), CompressedEventLogTest::withBom);
        writeLines(folder.resolve("events_2_" + APP), lines.subList(half, lines.size()), CompressedEventLogTest::withBom);
        Files.createFile(folder.resolve("appstatus_" + APP));

        assertSameAsPlain(new EventLogSource(folder).read());
    }

    /** What a Windows editor or PowerShell's Out-File -Encoding utf8 puts first. */
    private static OutputStream withBom(OutputStream out) throws IOException {
        out.write(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
        return out;
    }

    private void assertSameAsPlain(AppSnapshot other) {
        assertThat(other.source().complete()).isTrue();
        assertThat(other.source().skippedLines()).isZero();
        assertThat(other).usingRecursiveComparison().ignoringFields("source").isEqualTo(plain);
    }

    private Path write(String name, Wrap codec) throws IOException {
        Path file = dir.resolve(name);
        writeLines(file, lines(), codec);
        return file;
    }

    private AppSnapshot read(String name, Wrap codec) throws IOException {
        return new EventLogSource(write(name, codec)).read();
    }

    static List<String> lines() throws IOException {
        return Files.readAllLines(Fixtures.eventLog(APP), StandardCharsets.UTF_8);
    }

    /** Flushes every 5 lines, as Spark's writer flushes after job and stage events (a zstd frame each). */
    static void writeLines(Path file, List<String> lines, Wrap codec) throws IOException {
        try (OutputStream out = codec.wrap(Files.newOutputStream(file))) {
            int n = 0;
            for (String line : lines) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                if (++n % 5 == 0) {
                    out.flush();
                }
            }
        }
    }
}
