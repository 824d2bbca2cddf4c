package dev.sparkdoc.source.eventlog.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdOutputStream;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.testing.Slow;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark 4 rolling logs with a small spark.eventLog.rolling.maxFileSize leave thousands of
 * {@code events_<N>_<appId>.zstd} files: read in numeric order, one open at a time, gaps and
 * repeated indexes said rather than fatal.
 */
class RollingLogLimitsTest {

    static final String APP = "app-20260101000000-0001";

    @TempDir
    Path dir;

    @Slow
    @Test
    void threeThousandFilesAreReadInNumericOrderWithoutHoldingThemOpen() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("eventlog_v2_" + APP));
        int files = 3000;
        for (int n = 1; n <= files; n++) {
            write(folder.resolve("events_" + n + "_" + APP + ".zstd"), linesOfFile(n, files));
        }
        Files.createFile(folder.resolve("appstatus_" + APP));
        long openBefore = openFiles();

        List<Path> order = EventLogFiles.resolve(folder).files();
        AppSnapshot s = new EventLogSource(folder).read();

        assertThat(order).extracting(EventLogFiles::name)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, files).mapToObj(n -> "events_" + n + "_" + APP + ".zstd").toList());
        assertThat(s.jobs()).hasSize(files).allMatch(j -> j.status() == JobStatus.SUCCEEDED);
        assertThat(s.application().completed()).isTrue();
        assertThat(s.source().complete()).isTrue();
        assertThat(s.source().notes()).isEmpty();
        // every file closed once read: none of the 3,000 is still open
        assertThat(openFiles() - openBefore).isLessThan(20);
    }

    @Test
    void gapsAndRepeatedIndexesAreNotedAndEachIndexIsReadOnce() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("eventlog_v2_" + APP));
        for (int n : new int[] {1, 2, 3, 6, 7, 10}) {
            write(folder.resolve("events_" + n + "_" + APP + ".zstd"), linesOfFile(n, 10));
        }
        // a stray copy of file 3 under another codec's name, and a file Spark did not write
        write(folder.resolve("events_3_" + APP), linesOfFile(3, 10));
        write(folder.resolve("events_x_" + APP), List.of("not an event"));
        Files.createFile(folder.resolve("appstatus_" + APP));

        List<Path> order = EventLogFiles.resolve(folder).files();
        AppSnapshot s = new EventLogSource(folder).read();

        assertThat(order).extracting(EventLogFiles::name).containsExactly("events_1_" + APP + ".zstd",
                "events_2_" + APP + ".zstd", "events_3_" + APP, "events_6_" + APP + ".zstd",
                "events_7_" + APP + ".zstd", "events_10_" + APP + ".zstd");
        assertThat(s.jobs()).extracting(j -> j.jobId()).containsExactly(9, 6, 5, 2, 1, 0);
        assertThat(s.source().complete()).isFalse();
        assertThat(s.source().notes()).containsExactly(
                "rolling log is missing 4 events_<N> file(s), the first after events_3_" + APP
                        + ": their events are not counted",
                "1 events_<N> file(s) repeat an index already read: skipped");
    }

    @Test
    void appStatusSaysWhetherSparkWasStillWriting() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("eventlog_v2_" + APP));
        write(folder.resolve("events_1_" + APP + ".zstd"), linesOfFile(1, 2));
        write(folder.resolve("events_2_" + APP + ".zstd"), linesOfFile(2, 2));

        AppSnapshot noStatus = new EventLogSource(folder).read();
        Files.createFile(folder.resolve("appstatus_" + APP + ".inprogress"));
        AppSnapshot running = new EventLogSource(folder).read();

        assertThat(noStatus.source().complete()).isFalse();
        assertThat(noStatus.source().notes()).contains(
                "rolling log folder has no appstatus file: Spark may not have finished creating it");
        assertThat(running.source().complete()).isFalse();
        assertThat(running.source().notes()).contains("log is still named .inprogress although the application ended");
    }

    /** File n of last: the first starts the app, the last ends it, each runs job n-1. */
    static List<String> linesOfFile(int n, int last) {
        int job = n - 1;
        long t = 1_000_000L + n * 1000L;
        Stream<String> head = n == 1 ? Stream.of(
                "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"4.0.1\"}",
                "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"rolling\",\"App ID\":\"" + APP
                        + "\",\"Timestamp\":1000000,\"User\":\"u\"}") : Stream.empty();
        Stream<String> body = Stream.of(
                "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" + job + ",\"Submission Time\":" + t
                        + ",\"Stage Infos\":[],\"Stage IDs\":[]}",
                "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":" + job + ",\"Completion Time\":" + (t + 500)
                        + ",\"Job Result\":{\"Result\":\"JobSucceeded\"}}");
        Stream<String> tail = n == last
                ? Stream.of("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + (t + 900) + "}")
                : Stream.empty();
        return Stream.of(head, body, tail).flatMap(s -> s).toList();
    }

    static void write(Path file, List<String> lines) throws IOException {
        boolean zstd = file.toString().endsWith(".zstd");
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream out = zstd ? new ZstdOutputStream(raw) : raw) {
            for (String line : lines) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** Descriptors this JVM holds open (Linux). */
    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
