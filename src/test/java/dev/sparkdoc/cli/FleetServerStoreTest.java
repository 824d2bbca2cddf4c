package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.spark.LocalHistoryServer;
import dev.sparkdoc.testing.RealSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code sparkdoc fleet URL --store} against Spark's own History Server, started in this JVM
 * over copies of real event logs (plain, lz4, a rolling zstd folder, two attempts of one
 * application, a failed query): each attempt's log is downloaded as the server's zip and read
 * into the same rows {@code fleet DIR} writes from the folder itself.
 */
@RealSpark
class FleetServerStoreTest {

    private static final Path LOGS = Path.of("src/test/resources/spark/eventlogs");
    private static final Path UPSTREAM = Path.of("src/test/resources/spark-upstream/spark-events");
    /** Columns that name where the log came from: a path for a folder, the download's URL for a server. */
    private static final Set<String> WHERE = Set.of("log_path", "log_size", "log_modified_ms");

    @Test
    void theServersLogsGiveTheRowsOfTheFolderAndASecondRunReadsNothing() throws Exception {
        Path dir = folder();
        Path work = Files.createTempDirectory("fleet-server-store");
        Path fromServer = work.resolve("server.db");
        Path fromFolder = work.resolve("folder.db");
        try (LocalHistoryServer shs = LocalHistoryServer.start(dir)) {
            String url = shs.url().toString();
            CliRun first = CliRun.of("fleet", url, "--store", fromServer.toString(), "--json", "--threads", "2");
            CliRun second = CliRun.of("fleet", url, "--store", fromServer.toString(), "--json");

            assertThat(first.exitCode()).as(first.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
            JsonNode table = Json.mapper().readTree(first.out());
            assertThat(table.at("/source/kind").asText()).isEqualTo("history");
            assertThat(table.at("/source/unchanged").asInt()).isZero();
            assertThat(table.get("applications")).hasSize(6);
            assertThat(first.err()).contains("6 logs read into " + fromServer);
            JsonNode again = Json.mapper().readTree(second.out());
            assertThat(again.at("/source/unchanged").asInt()).as(second.err()).isEqualTo(6);
            assertThat(again.get("applications")).isEmpty();
            assertThat(second.err()).contains("0 logs read into " + fromServer + ", 6 unchanged");
            assertThat(rows(fromServer, "SELECT log_path FROM applications"))
                    .allSatisfy(r -> assertThat((String) r.get("log_path")).startsWith(url + "api/v1/applications/").endsWith("/logs"));
        }
        CliRun folder = CliRun.of("fleet", dir.toString(), "--store", fromFolder.toString(), "--json");
        assertThat(folder.exitCode()).as(folder.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);

        List<Map<String, Object>> serverApps = rows(fromServer, "SELECT * FROM applications ORDER BY app_key");
        assertThat(serverApps).extracting(r -> r.get("app_key")).contains("local-1430917381535/1", "local-1430917381535/2");
        assertThat(serverApps).extracting(r -> r.get("status")).contains("complete", "failed");
        assertThat(withoutWhere(serverApps)).isEqualTo(withoutWhere(rows(fromFolder, "SELECT * FROM applications ORDER BY app_key")));
        String findings = "SELECT * FROM findings ORDER BY app_key, rank";
        assertThat(rows(fromServer, findings)).isNotEmpty().isEqualTo(rows(fromFolder, findings));
    }

    /** The real logs, as spark.eventLog.dir holds them. */
    private static Path folder() throws IOException {
        Path dir = Files.createTempDirectory("fleet-server-logs");
        copy(LOGS.resolve("join-plain/local-1795967342242"), dir);
        copy(LOGS.resolve("join-lz4/local-1795967348680.lz4"), dir);
        copy(LOGS.resolve("failed-queries/local-1796188719838"), dir);
        copy(UPSTREAM.resolve("local-1430917381535_1"), dir);
        copy(UPSTREAM.resolve("local-1430917381535_2"), dir);
        Path rolling = LOGS.resolve("join-rolling-zstd/eventlog_v2_local-1795967347590");
        Path to = Files.createDirectory(dir.resolve(rolling.getFileName()));
        try (Stream<Path> parts = Files.list(rolling)) {
            for (Path part : parts.toList()) {
                Files.copy(part, to.resolve(part.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        return dir;
    }

    private static void copy(Path log, Path dir) throws IOException {
        Files.copy(log, dir.resolve(log.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
    }

    private static List<Map<String, Object>> withoutWhere(List<Map<String, Object>> rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            Map<String, Object> kept = new LinkedHashMap<>(row);
            kept.keySet().removeAll(WHERE);
            out.add(kept);
        }
        return out;
    }

    private static List<Map<String, Object>> rows(Path db, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            List<Map<String, Object>> out = new ArrayList<>();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnLabel(i), rs.getObject(i));
                }
                out.add(row);
            }
            return out;
        }
    }
}
