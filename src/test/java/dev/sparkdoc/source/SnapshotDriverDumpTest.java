package dev.sparkdoc.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverDump;
import dev.sparkdoc.model.DriverThread;
import dev.sparkdoc.source.snapshot.SnapshotFile;
import dev.sparkdoc.testing.Snapshots;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A snapshot file keeps the driver's dump, so a saved live reading still says what the driver was doing. */
class SnapshotDriverDumpTest {

    @Test
    void aSnapshotFileKeepsTheDriversDumpAndAnOlderFileWithoutOneReadsAsNone(@TempDir Path dir) throws Exception {
        DriverDump dump = new DriverDump(Snapshots.T0, "no task has run for 45 s", 45_000, 120, 87, List.of(
                new DriverThread("main", "RUNNABLE", List.of("com.acme.Report.build(Report.java:42)"), Optional.empty()),
                new DriverThread("pool-1", "BLOCKED", List.of("com.acme.Cache.get(Cache.java:9)"), Optional.of("java.lang.Object@1f2e3d"))));
        AppSnapshot live = Snapshots.app().build().withDriverDump(Optional.of(dump));
        Path file = dir.resolve("live.json");
        try (OutputStream out = Files.newOutputStream(file)) {
            SnapshotFile.write(live, "test", out);
        }

        assertThat(SnapshotFile.read(file).driverDump()).contains(dump);

        // the same file as one written before the driver's dump was kept: no driverDump key at all
        var tree = (ObjectNode) Json.mapper().readTree(file.toFile());
        assertThat(((ObjectNode) tree.get("snapshot")).remove("driverDump")).isNotNull();
        Path older = dir.resolve("older.json");
        Json.mapper().writeValue(older.toFile(), tree);
        assertThat(SnapshotFile.read(older).driverDump()).isEmpty();
    }
}
