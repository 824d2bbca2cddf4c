package dev.sparkdoc.fleet.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.testing.ForkedProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code sparkdoc fleet DIR --store FILE} as a user runs it: a JVM of its own with a 256 MB heap,
 * over copies of real runs under new app ids, then again over the same folder.
 */
@ForkedProcess
class FleetDirForkedTest {

    private static final Path PLAIN = Path.of("src/test/resources/spark/eventlogs/join-plain/local-1795967342242");
    private static final int RUNS = 12;

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFolderGoesIntoTheStoreInA256MbHeapAndASecondRunAddsNothing() throws Exception {
        Path dir = Files.createTempDirectory("fleet-forked");
        for (int i = 0; i < RUNS; i++) {
            RunCopies.copy(PLAIN, dir, "etl-" + (i % 3), i * 3_600_000L, 0);
        }
        Path db = Files.createTempDirectory("fleet-forked-store").resolve("fleet.db");
        Path jsonl = dir.resolveSibling(dir.getFileName() + ".jsonl");

        JsonNode first = fleet(dir, db, "--jsonl", jsonl.toString());

        assertThat(first.path("applications")).hasSize(RUNS);
        assertThat(first.path("source").path("kind").asText()).isEqualTo("eventlog");
        assertThat(first.path("source").path("unchanged").asInt()).isZero();
        assertThat(rows(db)).isEqualTo(RUNS);
        assertThat(Files.readAllLines(jsonl)).hasSize(RUNS).allSatisfy(line -> assertThat(line).startsWith("{\"app_key\":\"local-"));

        JsonNode second = fleet(dir, db);

        assertThat(second.path("applications")).isEmpty();
        assertThat(second.path("source").path("unchanged").asInt()).isEqualTo(RUNS);
        assertThat(rows(db)).isEqualTo(RUNS);
        // the SQLite driver's library, copied once into the cache instead of into /tmp at every run
        try (var found = Files.find(CACHE, 5, (p, a) -> p.getFileName().toString().equals(System.mapLibraryName("sqlitejdbc")))) {
            assertThat(found.toList()).hasSize(1).allSatisfy(p -> assertThat(p.toString()).contains("sqlite-jdbc-"));
        }
    }

    private static final Path CACHE = tempDir("fleet-forked-cache");

    private static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static JsonNode fleet(Path dir, Path db, String... more) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "dev.sparkdoc.cli.Main", "fleet", dir.toString(), "--store", db.toString(), "--threads", "2", "--json"));
        command.addAll(List.of(more));
        Path out = Files.createTempFile("fleet", ".out");
        Path err = Files.createTempFile("fleet", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("XDG_CACHE_HOME", CACHE.toString());
        Process p = builder.start();
        assertThat(p.waitFor(240, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(err)).isBetween(0, 1);
        assertThat(Files.readString(err)).as("stderr").doesNotContain("SLF4J");
        return new ObjectMapper().readTree(out.toFile());
    }

    private static long rows(Path db) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM applications")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
