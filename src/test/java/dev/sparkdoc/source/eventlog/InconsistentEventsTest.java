package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Orphan events, empty ids and times that contradict the log: skipped or repaired, each with a note. */
class InconsistentEventsTest {

    private static final String START = "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"a\",\"App ID\":\"app-1\","
            + "\"Timestamp\":1622043422000,\"User\":\"u\"}\n";
    private static final String END = "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":1622043428000}\n";

    @TempDir
    Path dir;

    private AppSnapshot read(String lines) throws IOException {
        Path log = dir.resolve("app-1");
        Files.writeString(log, lines);
        return new EventLogSource(log).read();
    }

    private static String jobStart(int id, long time) {
        return "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" + id + ",\"Submission Time\":" + time
                + ",\"Stage Infos\":[],\"Stage IDs\":[]}\n";
    }

    private static String jobEnd(int id, long time) {
        return "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":" + id + ",\"Completion Time\":" + time
                + ",\"Job Result\":{\"Result\":\"JobSucceeded\"}}\n";
    }

    private static String executorAdded(String idField, long time) {
        return "{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":" + time + idField
                + ",\"Executor Info\":{\"Host\":\"h\",\"Total Cores\":4}}\n";
    }

    @Test
    void jobEndWithoutItsStartMakesNoPhantomJob() throws IOException {
        AppSnapshot s = read(START + jobStart(0, 1622043423000L) + jobEnd(0, 1622043424000L) + jobEnd(7, 1622043425000L) + END);

        assertThat(s.jobs()).extracting(Job::jobId).containsExactly(0);
        assertThat(s.source().notes()).contains("1 event(s) skipped as incomplete, not modelled: 1 JobEnd without its JobStart");
    }

    @Test
    void jobEndReadBeforeItsStartStillMakesTheJob() throws IOException {
        AppSnapshot s = read(START + jobEnd(0, 1622043424000L) + jobStart(0, 1622043423000L) + END);

        assertThat(s.jobs()).extracting(Job::jobId).containsExactly(0);
        assertThat(s.source().notes()).isEmpty();
    }

    @Test
    void executorAddedWithoutAnIdIsCountedNotModelled() throws IOException {
        AppSnapshot s = read(START + executorAdded(",\"Executor ID\":\"\"", 1622043423000L)
                + executorAdded("", 1622043423100L) + executorAdded(",\"Executor ID\":\"1\"", 1622043423200L) + END);

        assertThat(s.executors()).extracting(Executor::id).containsExactly("1");
        assertThat(s.source().notes())
                .contains("2 event(s) skipped as incomplete, not modelled: 2 ExecutorAdded without an executor id");
    }

    @Test
    void logWithoutApplicationStartStartsAtItsFirstEvent() throws IOException {
        AppSnapshot s = read(jobStart(0, 1622043423000L) + jobEnd(0, 1622043424500L));

        assertThat(s.application().knownStartTime()).contains(Instant.ofEpochMilli(1622043423000L));
        assertThat(s.application().knownDurationMs(s.takenAt())).contains(1500L);
        assertThat(s.source().notes()).contains("no application start event: times start at the first event");
    }

    @Test
    void timesAheadOfTheRestOfTheLogAreDroppedAndTheAppKeepsItsRealLength() throws IOException {
        // the RAPIDS tools' cluster fixtures: ExecutorAdded moved to 2023 in a 2021 log, no ApplicationEnd
        String driver = "{\"Event\":\"SparkListenerBlockManagerAdded\",\"Block Manager ID\":{\"Executor ID\":\"driver\","
                + "\"Host\":\"h\",\"Port\":1},\"Maximum Memory\":1,\"Timestamp\":1622043423225}\n";
        AppSnapshot s = read(driver + executorAdded(",\"Executor ID\":\"1\"", 1702417715262L)
                + executorAdded(",\"Executor ID\":\"2\"", 1702417716738L)
                + START + jobStart(0, 1622043423000L) + jobEnd(0, 1622043428457L));

        assertThat(s.application().knownDurationMs(s.takenAt())).contains(6457L);
        assertThat(s.takenAt()).isEqualTo(Instant.ofEpochMilli(1622043428457L));
        assertThat(s.executors()).filteredOn(e -> !e.isDriver()).hasSize(2).allSatisfy(e -> assertThat(e.addTime()).isEmpty());
        assertThat(s.source().notes()).anyMatch(n -> n.startsWith("2 executor added/removed time(s) outside the log's span"));
    }

    @Test
    void aLongIdleGapThatTheLogKeepsUpWithIsReal() throws IOException {
        long threeHoursLater = 1622043424000L + 3 * 3_600_000L;
        AppSnapshot s = read(START + jobStart(0, 1622043423000L) + jobEnd(0, 1622043424000L)
                + jobStart(1, threeHoursLater) + jobEnd(1, threeHoursLater + 1000)
                + "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + (threeHoursLater + 2000) + "}\n");

        assertThat(s.application().knownDurationMs(s.takenAt())).contains(threeHoursLater + 2000 - 1622043422000L);
        assertThat(s.source().notes()).isEmpty();
    }

    @Test
    void aStageThatEndsBeforeItStartsLastsNoTime() throws IOException {
        String stage = "{\"Event\":\"SparkListenerStageCompleted\",\"Stage Info\":{\"Stage ID\":0,\"Stage Attempt ID\":0,"
                + "\"Stage Name\":\"s\",\"Number of Tasks\":1,\"Submission Time\":1622043425000,\"Completion Time\":1622043424000}}\n";
        AppSnapshot s = read(START + stage + END);

        assertThat(s.stages()).singleElement().satisfies(st -> assertThat(st.durationMs(s.takenAt())).contains(0L));
        assertThat(s.source().notes()).anyMatch(n -> n.startsWith("1 stage, job or SQL execution(s) end before they start"));
    }
}
