package dev.sparkdoc.source;

import static dev.sparkdoc.testing.Snapshots.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.testing.Snapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver that stopped answering after its application ended cleanly reads ENDED, not
 * UNREACHABLE: Spark renames the event log once ApplicationEnd is written, and the name is
 * looked at, nothing more.
 */
class EndedLogTest {

    private static final Instant LAST = T0.plusSeconds(300);

    @TempDir
    Path logs;

    private AppSnapshot app(String dir) {
        return Snapshots.app().running(LAST).conf("spark.eventLog.dir", dir).build();
    }

    @Test
    void aLogStillInProgressSaysNothingAndItsFinishedNameSaysItEnded() throws IOException {
        AppSnapshot snap = app(logs.toString());
        assertThat(EndedLog.find(snap)).isEmpty();

        Files.writeString(logs.resolve("app-test.inprogress"), "{}");
        assertThat(EndedLog.find(snap)).as("still written").isEmpty();

        Files.move(logs.resolve("app-test.inprogress"), logs.resolve("app-test.zstd"));
        assertThat(EndedLog.find(snap)).as("every codec Spark writes").contains(logs.resolve("app-test.zstd"));
        Files.move(logs.resolve("app-test.zstd"), logs.resolve("app-test.lz4"));
        assertThat(EndedLog.find(snap)).contains(logs.resolve("app-test.lz4"));
        assertThat(EndedLog.find(app("file:" + logs))).as("a file: URI").contains(logs.resolve("app-test.lz4"));
        assertThat(EndedLog.find(app("hdfs:///spark-logs"))).as("not this machine's file system").isEmpty();
    }

    @Test
    void aRollingLogEndsWhenItsStatusFileLosesInProgress() throws IOException {
        Path folder = Files.createDirectories(logs.resolve("eventlog_v2_app-test"));
        Files.writeString(folder.resolve("appstatus_app-test.inprogress"), "");
        assertThat(EndedLog.find(app(logs.toString()))).isEmpty();

        Files.move(folder.resolve("appstatus_app-test.inprogress"), folder.resolve("appstatus_app-test"));
        assertThat(EndedLog.find(app(logs.toString()))).contains(folder);
    }

    @Test
    void theNameIsSparksOwn() {
        assertThat(EndedLog.name("application_1700000000000_0042", Optional.of("1"))).isEqualTo("application_1700000000000_0042_1");
        assertThat(EndedLog.name("App 1:x/y.z", Optional.empty())).isEqualTo("app-1-x-y_z");
    }
}
