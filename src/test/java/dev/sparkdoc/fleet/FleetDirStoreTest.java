package dev.sparkdoc.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fleet DIR} over a folder laid out as spark.eventLog.dir: real logs of every codec, a
 * rolling folder, an .inprogress log, and the bad ones (empty, corrupt, unreadable), into a store.
 */
class FleetDirStoreTest {

    private static final Path LOGS = Path.of("src/test/resources/spark/eventlogs");
    private static final Instant NOW = Instant.parse("2026-12-06T04:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private Path dir;
    private Path db;

    @BeforeEach
    void folder() throws IOException {
        dir = Files.createTempDirectory("fleet-dir");
        db = Files.createTempDirectory("fleet-store").resolve("fleet.db");
        copy(LOGS.resolve("join-lz4/local-1795967348680.lz4"), Duration.ofDays(2));
        copy(LOGS.resolve("join-snappy/local-1795967349553.snappy"), Duration.ofDays(2));
        copy(LOGS.resolve("failed-queries/local-1796188719838"), Duration.ofDays(1));
        copyFolder(LOGS.resolve("join-rolling-zstd/eventlog_v2_local-1795967347590"));
        // written a minute ago: its application still runs
        copy(LOGS.resolve("join-inprogress/local-1795967350496.inprogress"), Duration.ofMinutes(1));
        Files.createFile(dir.resolve("local-1700000000001"));
        Files.write(dir.resolve("local-1700000000002.zstd"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        // not logs: Spark's checksums and a note beside them are left alone
        Files.writeString(dir.resolve(".local-1700000000002.zstd.crc"), "crc");
        Files.writeString(dir.resolve("README.md"), "the cluster's event logs");
    }

    @AfterEach
    void readable() throws IOException {
        Path locked = dir.resolve("local-1700000000003");
        if (Files.exists(locked)) {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rw-------"));
        }
    }

    @Test
    void everyLogIsARowWithItsStatusAndTheRunNeverStops() throws Exception {
        LogFleet.Outcome first = run();

        assertThat(first.listed()).isEqualTo(7);
        assertThat(first.read()).isEqualTo(7);
        Map<String, String> statuses = query("SELECT log_path, status FROM applications");
        assertThat(statuses).hasSize(7);
        assertThat(statusOf(statuses, "local-1795967348680.lz4")).isEqualTo("complete");
        assertThat(statusOf(statuses, "local-1795967349553.snappy")).isEqualTo("complete");
        assertThat(statusOf(statuses, "eventlog_v2_local-1795967347590")).isEqualTo("complete");
        assertThat(statusOf(statuses, "local-1796188719838")).isEqualTo("failed");
        assertThat(statusOf(statuses, "local-1795967350496.inprogress")).isEqualTo("growing");
        assertThat(statusOf(statuses, "local-1700000000001")).isEqualTo("empty");
        assertThat(statusOf(statuses, "local-1700000000002.zstd")).isEqualTo("unreadable");
        Map<String, String> reasons = query("SELECT log_path, COALESCE(reason, '') FROM applications");
        assertThat(statusOf(reasons, "local-1700000000002.zstd")).isNotBlank().doesNotContain("\n");
        assertThat(statusOf(reasons, "local-1795967348680.lz4")).isEmpty();
        assertThat(query("SELECT app_key, day FROM applications WHERE app_id = 'local-1795967348680'"))
                // the day the application started (its id is its start), not the day of the copy's modification
                .containsEntry("local-1795967348680/", "2026-11-29");
        assertThat(query("SELECT app_key, cluster_manager FROM applications WHERE app_id = 'local-1795967348680'"))
                .containsValue("local");
        assertThat(count("SELECT COUNT(*) FROM findings f JOIN applications a ON a.app_key = f.app_key"
                + " WHERE a.app_id = 'local-1796188719838' AND f.severity = 'critical'")).isPositive();
        assertThat(count("SELECT COUNT(*) FROM applications WHERE time_account_json LIKE '{%'")).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aSecondRunOverTheSameFolderAddsNothing() throws Exception {
        run();
        long apps = count("SELECT COUNT(*) FROM applications");
        long findings = count("SELECT COUNT(*) FROM findings");

        LogFleet.Outcome second = run();

        assertThat(second.read()).isZero();
        assertThat(second.unchanged()).isEqualTo(7);
        assertThat(count("SELECT COUNT(*) FROM applications")).isEqualTo(apps);
        assertThat(count("SELECT COUNT(*) FROM findings")).isEqualTo(findings);
    }

    @Test
    void twoLogsOfOneAttemptAreOneRowOfTheNewerAndNeitherIsReadAgain() throws Exception {
        Path older = dir.resolve("local-1795967348680.lz4");
        Path newer = Files.copy(older, dir.resolve("copy-of-local-1795967348680.lz4"));
        Files.setLastModifiedTime(newer, FileTime.from(NOW.minus(Duration.ofHours(1))));

        assertThat(run().read()).isEqualTo(8);
        LogFleet.Outcome second = run();

        assertThat(second.read()).isZero();
        assertThat(second.unchanged()).isEqualTo(8);
        assertThat(query("SELECT app_key, log_path FROM applications WHERE app_id = 'local-1795967348680'"))
                .containsExactly(Map.entry("local-1795967348680/", newer.toString()));
    }

    @Test
    void aLogThatChangedIsReadAgainAndReplacesItsRows() throws Exception {
        run();
        long findings = count("SELECT COUNT(*) FROM findings");
        Path grown = dir.resolve("local-1795967350496.inprogress");
        // past the growing window, short of the quiet that makes a crash (PostMortem.QUIET_FOR_A_CRASH)
        Files.setLastModifiedTime(grown, FileTime.from(NOW.minus(Duration.ofMinutes(10))));

        LogFleet.Outcome second = run();

        assertThat(second.read()).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM applications")).isEqualTo(7);
        assertThat(count("SELECT COUNT(*) FROM findings")).isEqualTo(findings);
        // no longer written to: abandoned by its driver, not growing
        assertThat(statusOf(query("SELECT log_path, status FROM applications"), "local-1795967350496.inprogress"))
                .isEqualTo("incomplete");
    }

    @Test
    void aLogSparkdocMayNotOpenIsARowSayingSo() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads a chmod 000 file anyway");
        Path locked = Files.copy(LOGS.resolve("join-lz4/local-1795967348680.lz4"), dir.resolve("local-1700000000003"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));

        run();

        assertThat(statusOf(query("SELECT log_path, status FROM applications"), "local-1700000000003")).isEqualTo("unreadable");
        assertThat(statusOf(query("SELECT log_path, reason FROM applications"), "local-1700000000003")).contains("permission");
    }

    @Test
    void theStoreHasTheDocumentedColumnsToPlainJdbc() throws Exception {
        run();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertThat(columns(c, "applications")).containsExactly("app_key", "app_id", "attempt", "name", "user_name",
                    "spark_version", "cluster_manager", "start_ms", "end_ms", "wall_ms", "status", "reason",
                    "time_account_json", "log_path", "log_size", "log_modified_ms", "sparkdoc_version", "rules_hash", "day");
            assertThat(columns(c, "findings")).containsExactly("app_key", "rank", "rule", "family", "severity",
                    "seconds_lost", "scope", "title", "evidence_json", "remedies_json", "day");
        }
        assertThat(Files.readString(Path.of("docs/fleet.md")))
                .contains("`app_key`", "`time_account_json`", "`rules_hash`", "`evidence_json`", "`seconds_lost`");
    }

    @Test
    void sinceAndLimitPickTheNewestLogsByTheirModification() throws IOException {
        List<EventLogDir.LogFile> newest = EventLogDir.list(dir, Optional.empty(), 2);
        assertThat(newest).extracting(f -> f.path().getFileName().toString())
                .doesNotContain("local-1795967348680.lz4", "README.md", ".local-1700000000002.zstd.crc");
        assertThat(EventLogDir.list(dir, Optional.of(NOW.minus(Duration.ofHours(36))), 100))
                .extracting(f -> f.path().getFileName().toString())
                .contains("local-1796188719838", "local-1795967350496.inprogress")
                .doesNotContain("local-1795967348680.lz4", "local-1795967349553.snappy");
    }

    private LogFleet.Outcome run() throws IOException {
        AtomicInteger sunk = new AtomicInteger();
        try (FleetStore store = FleetStore.open(db)) {
            LogFleet fleet = new LogFleet(() -> new LogRowsReader(RuleCatalog.builtIn(), "test", CLOCK), Severity.INFO, 2);
            LogFleet.Outcome outcome = fleet.run(EventLogDir.list(dir, Optional.empty(), Integer.MAX_VALUE), store.seen(),
                    (rows, entry) -> {
                        store.put(rows);
                        sunk.incrementAndGet();
                        assertThat(entry.failed()).isEqualTo(rows.application().appKey().startsWith("log:"));
                    }, (done, total) -> { });
            assertThat(sunk.get()).isEqualTo(outcome.read());
            return outcome;
        }
    }

    private void copy(Path log, Duration age) throws IOException {
        Path to = Files.copy(log, dir.resolve(log.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
        Files.setLastModifiedTime(to, FileTime.from(NOW.minus(age)));
    }

    private void copyFolder(Path folder) throws IOException {
        Path to = Files.createDirectory(dir.resolve(folder.getFileName()));
        try (var parts = Files.list(folder)) {
            for (Path part : parts.toList()) {
                Path copied = Files.copy(part, to.resolve(part.getFileName()));
                Files.setLastModifiedTime(copied, FileTime.from(NOW.minus(Duration.ofDays(3))));
            }
        }
    }

    private static String statusOf(Map<String, String> byPath, String fileName) {
        return byPath.entrySet().stream().filter(e -> Path.of(e.getKey()).getFileName().toString().equals(fileName))
                .map(Map.Entry::getValue).findFirst().orElseThrow(() -> new AssertionError("no row for " + fileName + " in " + byPath));
    }

    private Map<String, String> query(String sql) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    private long count(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<String> columns(Connection c, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(" + table + ")")) {
            while (rs.next()) {
                out.add(rs.getString("name"));
            }
        }
        return out;
    }
}
