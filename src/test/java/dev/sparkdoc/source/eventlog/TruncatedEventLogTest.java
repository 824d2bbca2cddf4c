package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.JobStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A crashed driver leaves a cut log: everything before the cut must still be read. */
class TruncatedEventLogTest {

    static final String APP = CompressedEventLogTest.APP;
    /** A real Spark 4.0.1 rolling log (src/test/resources/spark/eventlogs/README.md). */
    static final String ROLLING_APP = "local-1795967347590";
    static final Path ROLLING_PART = Path.of("src/test/resources/spark/eventlogs/join-rolling-zstd/eventlog_v2_"
            + ROLLING_APP + "/events_1_" + ROLLING_APP + ".zstd");

    @TempDir
    Path dir;

    @Test
    void plainLogCutMidLineKeepsEveryCompleteEvent() throws IOException {
        byte[] all = Files.readAllBytes(Fixtures.eventLog(APP));
        int cut = (int) (all.length * 0.6);
        while (all[cut - 1] == '\n') {
            cut++;
        }
        byte[] head = Arrays.copyOf(all, cut);
        Path file = Files.write(dir.resolve(APP + ".inprogress"), head);

        AppSnapshot s = new EventLogSource(file).read();

        assertThat(s.source().complete()).isFalse();
        assertThat(s.source().skippedLines()).isEqualTo(1);
        assertThat(s.source().notes()).anyMatch(n -> n.startsWith("event log ends early (no ApplicationEnd)"))
                .anyMatch(n -> n.contains("the last line is cut off"));
        assertThat(s.application().completed()).isFalse();
        long jobsEnded = countOccurrences(new String(head, StandardCharsets.UTF_8), "\"Event\":\"SparkListenerJobEnd\"");
        assertThat(jobsEnded).isPositive();
        assertThat(s.jobs()).filteredOn(j -> j.status() != JobStatus.RUNNING).hasSize((int) jobsEnded);
        assertThat(s.jobs()).filteredOn(j -> j.status() == JobStatus.SUCCEEDED)
                .allMatch(j -> j.completionTime().isPresent());
    }

    @Test
    void zstdLogCutMidFrameKeepsEveryCompleteFrame() throws IOException {
        Path whole = dir.resolve("whole.zstd");
        CompressedEventLogTest.writeLines(whole, CompressedEventLogTest.lines(),
                out -> new ZstdOutputStream(out).setCloseFrameOnFlush(true));
        byte[] all = Files.readAllBytes(whole);
        Path file = Files.write(dir.resolve(APP + ".zstd.inprogress"), Arrays.copyOf(all, (int) (all.length * 0.6)));

        AppSnapshot s = new EventLogSource(file).read();

        assertThat(s.source().complete()).isFalse();
        assertThat(s.source().skippedLines()).isBetween(0L, 1L);
        assertThat(s.application().id()).isEqualTo(APP);
        assertThat(s.jobs()).anyMatch(j -> j.status() == JobStatus.SUCCEEDED);
        assertThat(s.stages()).isNotEmpty();
        // the snapshot describes the moment the log stops, not the time it is read
        assertThat(s.takenAt()).isBefore(java.time.Instant.parse("2023-01-01T00:00:00Z"));
    }

    @Test
    void runningTasksAtTheCutAreShownWithTheirTimeSoFar() throws IOException {
        String log = String.join("\n",
                "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.1\"}",
                "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"cut\",\"App ID\":\"app-1\",\"Timestamp\":1622043401000,\"User\":\"u\"}",
                "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":0,\"Submission Time\":1622043401000,\"Stage Infos\":[{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"s\",\"Number of Tasks\":2}],\"Stage IDs\":[0]}",
                "{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"s\",\"Number of Tasks\":2,\"Submission Time\":1622043401000}}",
                "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Info\":{\"Task ID\":0,\"Index\":0,\"Attempt\":0,\"Launch Time\":1622043401100,\"Executor ID\":\"1\",\"Host\":\"h\"}}",
                "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Info\":{\"Task ID\":1,\"Index\":1,\"Attempt\":0,\"Launch Time\":1622043401100,\"Executor ID\":\"1\",\"Host\":\"h\"}}",
                "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task End Reason\":{\"Reason\":\"Success\"},\"Task Info\":{\"Task ID\":0,\"Index\":0,\"Attempt\":0,\"Launch Time\":1622043401100,\"Executor ID\":\"1\",\"Host\":\"h\",\"Finish Time\":1622043409100},\"Task Metrics\":{\"Executor Run Time\":7900}}",
                "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Stage Att");
        Path file = Files.writeString(dir.resolve("app-1.inprogress"), log);

        AppSnapshot s = new EventLogSource(file).read();

        var stage = s.stage(0, 0).orElseThrow();
        assertThat(stage.status().name()).isEqualTo("ACTIVE");
        assertThat(stage.tasks().active()).isEqualTo(1);
        assertThat(stage.tasks().completed()).isEqualTo(1);
        assertThat(stage.notableTasks()).anySatisfy(t -> {
            assertThat(t.running()).isTrue();
            assertThat(t.taskId()).isEqualTo(1);
            assertThat(t.durationMs()).isEqualTo(8000);
        });
        assertThat(s.job(0).orElseThrow().status()).isEqualTo(JobStatus.RUNNING);
        assertThat(s.source().skippedLines()).isEqualTo(1);
    }

    /**
     * Spark 4's rolling zstd log closes a frame at each flush; a crash leaves the last one cut.
     * Cut a real part in the middle of each of its frames in turn: every complete frame is read,
     * and the times stop at the cut: the snapshot's moment is the last event read, the duration
     * runs from ApplicationStart to it (from the first timed event, with a note, when the cut came
     * before ApplicationStart), and is unknown (not "since 1970") before any timed event.
     */
    @Test
    void realZstdPartCutInAnyFrameKeepsEveryCompleteFrameAndNoTimeAfterTheCut() throws IOException {
        byte[] all = Files.readAllBytes(ROLLING_PART);
        long fullEnd = new EventLogSource(ROLLING_PART.getParent()).read().takenAt().toEpochMilli();
        List<Integer> frames = frameStarts(all);
        assertThat(frames).hasSizeGreaterThan(10);
        for (int i = 1; i < frames.size(); i++) {
            int frameEnd = frames.get(i);
            int next = i + 1 < frames.size() ? frames.get(i + 1) : all.length;
            String complete = decompressed(Arrays.copyOf(all, frameEnd));
            Path folder = Files.createDirectories(dir.resolve("cut-" + i).resolve("eventlog_v2_" + ROLLING_APP));
            Files.write(folder.resolve(ROLLING_PART.getFileName()), Arrays.copyOf(all, (frameEnd + next) / 2));

            AppSnapshot s = new EventLogSource(folder).read();

            String at = "cut in frame " + (i + 1) + " of " + frames.size();
            assertThat(eventsRead(s)).as(at).isGreaterThanOrEqualTo(complete.lines().filter(l -> !l.isBlank()).count());
            long cutFileWritten = Files.getLastModifiedTime(folder.resolve(ROLLING_PART.getFileName())).toMillis();
            long latest = latestTime(complete);
            // no timed event before the cut: the moment is when the log was last written, never 1970
            assertThat(s.takenAt().toEpochMilli()).as(at).isEqualTo(latest > 0 ? latest : cutFileWritten);
            assertThat(latest).as(at).isLessThanOrEqualTo(fullEnd);
            if (complete.contains("\"Event\":\"SparkListenerApplicationStart\"")) {
                long start = s.application().knownStartTime().orElseThrow().toEpochMilli();
                assertThat(s.application().knownDurationMs(s.takenAt())).as(at).contains(s.takenAt().toEpochMilli() - start);
            } else if (latest > 0) {
                // cut before ApplicationStart: the times start at the first event, with a note
                assertThat(s.application().knownStartTime()).as(at).hasValueSatisfying(t ->
                        assertThat(t).isBeforeOrEqualTo(s.takenAt()));
                assertThat(s.source().notes()).as(at).contains("no application start event: times start at the first event");
            } else {
                assertThat(s.application().knownStartTime()).as(at).isEmpty();
                assertThat(s.application().knownDurationMs(s.takenAt())).as(at).isEmpty();
                assertThat(s.application().durationMs(s.takenAt())).as(at).isZero();
            }
        }
    }

    /**
     * Where each zstd frame starts: at its magic number, 28 B5 2F FD little-endian. A match inside
     * compressed data would make the frames before it fail to decompress, so it cannot pass unseen.
     */
    private static List<Integer> frameStarts(byte[] all) {
        List<Integer> starts = new java.util.ArrayList<>();
        for (int i = 0; i + 3 < all.length; i++) {
            if ((all[i] & 0xff) == 0x28 && (all[i + 1] & 0xff) == 0xb5 && (all[i + 2] & 0xff) == 0x2f
                    && (all[i + 3] & 0xff) == 0xfd) {
                starts.add(i);
            }
        }
        return starts;
    }

    private static String decompressed(byte[] completeFrames) throws IOException {
        try (var in = new ZstdInputStream(new java.io.ByteArrayInputStream(completeFrames))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static long eventsRead(AppSnapshot s) {
        Matcher m = Pattern.compile("([\\d,]+) events read").matcher(String.join("\n", s.source().notes()));
        assertThat(m.find()).as(s.source().notes().toString()).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /** The latest time any event read carries: the moment the cut log stops. */
    private static long latestTime(String lines) {
        Matcher m = Pattern.compile("\"(?:Timestamp|time|Submission Time|Completion Time|Launch Time|Finish Time)\":(\\d+)")
                .matcher(lines);
        long latest = -1;
        while (m.find()) {
            latest = Math.max(latest, Long.parseLong(m.group(1)));
        }
        return latest;
    }

    private static long countOccurrences(String text, String needle) {
        long n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
