package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdOutputStream;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.JobStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A crashed driver leaves a cut log: everything before the cut must still be read. */
class TruncatedEventLogTest {

    static final String APP = CompressedEventLogTest.APP;

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
                "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"cut\",\"App ID\":\"app-1\",\"Timestamp\":1000,\"User\":\"u\"}",
                "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":0,\"Submission Time\":1000,\"Stage Infos\":[{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"s\",\"Number of Tasks\":2}],\"Stage IDs\":[0]}",
                "{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"s\",\"Number of Tasks\":2,\"Submission Time\":1000}}",
                "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Info\":{\"Task ID\":0,\"Index\":0,\"Attempt\":0,\"Launch Time\":1100,\"Executor ID\":\"1\",\"Host\":\"h\"}}",
                "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Info\":{\"Task ID\":1,\"Index\":1,\"Attempt\":0,\"Launch Time\":1100,\"Executor ID\":\"1\",\"Host\":\"h\"}}",
                "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task End Reason\":{\"Reason\":\"Success\"},\"Task Info\":{\"Task ID\":0,\"Index\":0,\"Attempt\":0,\"Launch Time\":1100,\"Executor ID\":\"1\",\"Host\":\"h\",\"Finish Time\":9100},\"Task Metrics\":{\"Executor Run Time\":7900}}",
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

    private static long countOccurrences(String text, String needle) {
        long n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
