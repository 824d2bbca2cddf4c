package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The parallel reader must build exactly the snapshot the single-threaded reader builds. */
class ParallelReaderTest {

    static Stream<Path> logs() throws URISyntaxException {
        Path spark4 = Path.of(ParallelReaderTest.class.getResource("/spark/eventlogs").toURI());
        return Stream.of(
                spark4.resolve("join-plain/local-1795967342242"),
                spark4.resolve("skewed-join-plain/local-1795967353438"),
                spark4.resolve("join-inprogress/local-1795967350496.inprogress"),
                Fixtures.eventLog("application_1553914137147_0018"),
                Fixtures.eventLog("app-20180109111548-0000"),
                Fixtures.path("sql-spark-events/local-1596020211915"));
    }

    @ParameterizedTest
    @MethodSource("logs")
    void plainLogCutIntoPartsGivesTheSameSnapshotAsOneThread(Path log) {
        AppSnapshot sequential = new EventLogSource(log).read();
        AppSnapshot parallel = new EventLogSource(log).parallelFrom(4096).read();

        assertThat(parallel).isEqualTo(sequential);
    }

    @ParameterizedTest
    @MethodSource("logs")
    void oneFileCutIntoSmallChunksAcrossTheParsingThreadsGivesTheSameSnapshot(Path log) {
        AppSnapshot sequential = new EventLogSource(log).read();
        EventLogReader reader = new EventLogReader();
        List<String> errors = new ArrayList<>();

        // 600-byte chunks: a few lines each, so every parsing thread gets many and the folder
        // must put them back in order
        new ParallelReader(reader, 600).read(List.of(Segment.whole(log, Codec.NONE)),
                (segment, error) -> errors.add(String.valueOf(error)));
        AppSnapshot parallel = new SnapshotAssembler(reader.folders, java.time.Instant.EPOCH)
                .snapshot(sequential.source(), EventLogSource.appIdFromName(log));

        assertThat(errors).containsExactly("null");
        assertThat(reader.skippedLines).isEqualTo(sequential.source().skippedLines());
        assertThat(parallel).isEqualTo(sequential);
    }

    @Test
    void rollingFilesReadInParallelGiveTheSameSnapshotAsOneThread(@TempDir Path dir) throws Exception {
        // a rolling folder of several plain events_N files: one segment per file
        Path source = logs().findFirst().orElseThrow();
        Path rolling = Files.createDirectories(dir.resolve("eventlog_v2_local-1795967342242"));
        var lines = Files.readAllLines(source);
        int half = lines.size() / 2;
        Files.write(rolling.resolve("events_1_local-1795967342242"), lines.subList(0, half));
        Files.write(rolling.resolve("events_2_local-1795967342242"), lines.subList(half, lines.size()));
        Files.write(rolling.resolve("appstatus_local-1795967342242"), new byte[0]);

        AppSnapshot sequential = new EventLogSource(rolling).read();
        AppSnapshot parallel = new EventLogSource(rolling).parallelFrom(1).read();

        assertThat(parallel).isEqualTo(sequential);
        assertThat(parallel.stages()).hasSize(7);
    }

    @Test
    void cutLastLineIsCountedTheSameWay(@TempDir Path dir) throws Exception {
        Path source = logs().findFirst().orElseThrow();
        byte[] bytes = Files.readAllBytes(source);
        Path cut = dir.resolve("local-1795967342242.inprogress");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 40));

        AppSnapshot sequential = new EventLogSource(cut).read();
        AppSnapshot parallel = new EventLogSource(cut).parallelFrom(4096).read();

        assertThat(parallel).isEqualTo(sequential);
        assertThat(parallel.source().skippedLines()).isEqualTo(1);
    }

    @Test
    void fileThatIsNoEventLogIsRefusedByTheParallelReaderToo(@TempDir Path dir) throws Exception {
        Path notALog = dir.resolve("app-1");
        Files.writeString(notALog, "hello world, not json\n".repeat(2000));

        assertThatThrownBy(() -> new EventLogSource(notALog).parallelFrom(4096).read())
                .isInstanceOf(SourceException.class)
                .hasMessageContaining("is not a Spark event log");
    }

    /**
     * A part that cannot be opened (here gone between listing and reading; permission denied
     * takes the same way) is no cut stream: both readers stop with the file and the reason,
     * whatever they read before it, instead of keeping half a log or blaming the codec.
     */
    @Test
    void partThatCannotBeOpenedStopsBothReadersWithItsReason(@TempDir Path dir) throws Exception {
        Path first = logs().findFirst().orElseThrow();
        Path gone = dir.resolve("events_2_local-1795967342242.zstd");
        List<Segment> segments = List.of(Segment.whole(first, Codec.NONE), Segment.whole(gone, Codec.ZSTD));

        assertThatThrownBy(() -> new ParallelReader(new EventLogReader(), 600).read(segments, (segment, error) -> { }))
                .isInstanceOf(SourceException.class).hasMessageStartingWith("Cannot read " + gone + ": no such file (");
        EventLogReader sequential = new EventLogReader();
        sequential.read(first, Codec.NONE);
        assertThatThrownBy(() -> sequential.read(gone, Codec.ZSTD))
                .isInstanceOf(SourceException.class).hasMessageStartingWith("Cannot read " + gone + ": no such file (")
                .hasMessageNotContaining("compressed");
    }
}
