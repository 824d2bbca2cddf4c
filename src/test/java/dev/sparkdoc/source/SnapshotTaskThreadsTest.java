package dev.sparkdoc.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.TaskThread;
import dev.sparkdoc.source.snapshot.SnapshotFile;
import dev.sparkdoc.testing.Snapshots;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A snapshot file keeps the running task's thread, so a saved live reading still says where the task was. */
class SnapshotTaskThreadsTest {

    @Test
    void aSnapshotFileKeepsTheTaskThreadAndAnOlderFileWithoutThemReadsAsNone(@TempDir Path dir) throws Exception {
        TaskThread thread = new TaskThread(812, 3, 0, "2", "Executor task launch worker for task 0.0 in stage 3.0 (TID 812)",
                "RUNNABLE", List.of("com.acme.etl.MyParser.parse(MyParser.scala:42)"), Optional.empty(), Snapshots.T0);
        AppSnapshot live = Snapshots.app().build().withTaskThreads(List.of(thread));
        Path file = dir.resolve("live.json");
        try (OutputStream out = Files.newOutputStream(file)) {
            SnapshotFile.write(live, "test", out);
        }

        assertThat(SnapshotFile.read(file).taskThreads()).containsExactly(thread);

        // the same file as one written before thread dumps were kept: no taskThreads key at all
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) dev.sparkdoc.json.Json.mapper().readTree(file.toFile());
        assertThat(((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("snapshot")).remove("taskThreads")).isNotNull();
        Path older = dir.resolve("older.json");
        dev.sparkdoc.json.Json.mapper().writeValue(older.toFile(), tree);
        assertThat(SnapshotFile.read(older).taskThreads()).isEmpty();
    }
}
