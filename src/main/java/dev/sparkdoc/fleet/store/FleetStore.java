package dev.sparkdoc.fleet.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet store: tables {@code applications} and {@code findings} in one SQLite file (schema in
 * {@code fleet/schema.sql}). Each log's rows go in one transaction, so an interrupted run leaves
 * every application either whole or absent. One connection, written by one thread at a time.
 */
public final class FleetStore implements AutoCloseable {

    /** The size and modification time a log had when its rows were stored: unchanged means skip it. */
    public record Seen(long size, long modifiedMs) {
    }

    private static final String INSERT_APP = "INSERT INTO applications (app_key, app_id, attempt, name, user_name,"
            + " spark_version, cluster_manager, start_ms, end_ms, wall_ms, status, reason, time_account_json, log_path,"
            + " log_size, log_modified_ms, sparkdoc_version, rules_hash, day) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
    private static final String INSERT_FINDING = "INSERT INTO findings (app_key, rank, rule, family, severity, seconds_lost,"
            + " scope, title, evidence_json, remedies_json, day) VALUES (?,?,?,?,?,?,?,?,?,?,?)";

    private final Path file;
    private final Connection db;

    private FleetStore(Path file, Connection db) {
        this.file = file;
        this.db = db;
    }

    /** Opens (creating it and its folder when missing) the store at {@code file}. */
    public static FleetStore open(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new StoreException("cannot create the folder of the fleet store " + file + ": " + e.getMessage()
                    + " (give another file with --store FILE, or --no-store)", e);
        }
        try {
            Connection db = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement st = db.createStatement()) {
                // WAL: a reader (fleet report) is never blocked by a fleet run writing
                st.execute("PRAGMA journal_mode=WAL");
                st.execute("PRAGMA synchronous=NORMAL");
                st.execute("PRAGMA busy_timeout=10000");
                for (String statement : schema()) {
                    st.execute(statement);
                }
            }
            return new FleetStore(file, db);
        } catch (SQLException e) {
            throw new StoreException("cannot open the fleet store " + file + ": " + e.getMessage()
                    + " (is it an SQLite file sparkdoc wrote? give another with --store FILE)", e);
        }
    }

    public Path file() {
        return file;
    }

    /** Every stored log path with the size and modification time it had when read. */
    public synchronized Map<String, Seen> seen() {
        Map<String, Seen> out = new HashMap<>();
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT log_path, log_size, log_modified_ms FROM logs_read")) {
            while (rs.next()) {
                out.put(rs.getString(1), new Seen(rs.getLong(2), rs.getLong(3)));
            }
            return out;
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    /**
     * Stores one log's rows in one transaction, replacing what the same log or the same attempt
     * had: a grown {@code .inprogress} log, or the same attempt renamed when it finished. Of two
     * logs of one attempt, the one modified last holds the row; both are remembered as read.
     */
    public synchronized void put(LogRows rows) {
        ApplicationRow a = rows.application();
        try {
            db.setAutoCommit(false);
            try {
                remember(a);
                if (newerLogHolds(a)) {
                    db.commit();
                    return;
                }
                for (String sql : List.of(
                        "DELETE FROM findings WHERE app_key IN (SELECT app_key FROM applications WHERE log_path = ? OR app_key = ?)",
                        "DELETE FROM applications WHERE log_path = ? OR app_key = ?")) {
                    try (PreparedStatement st = db.prepareStatement(sql)) {
                        st.setString(1, a.logPath());
                        st.setString(2, a.appKey());
                        st.executeUpdate();
                    }
                }
                insert(a);
                insert(rows.findings());
                db.commit();
            } catch (SQLException | RuntimeException e) {
                db.rollback();
                throw e;
            } finally {
                db.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failure("write", e);
        }
    }

    private void remember(ApplicationRow a) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(
                "INSERT OR REPLACE INTO logs_read (log_path, log_size, log_modified_ms, app_key) VALUES (?,?,?,?)")) {
            bind(st, new Object[] {a.logPath(), a.logSize(), a.logModifiedMs(), a.appKey()});
            st.executeUpdate();
        }
    }

    /** Another log of the same attempt, modified later, already holds its row. */
    private boolean newerLogHolds(ApplicationRow a) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(
                "SELECT 1 FROM applications WHERE app_key = ? AND log_path <> ? AND log_modified_ms > ?")) {
            bind(st, new Object[] {a.appKey(), a.logPath(), a.logModifiedMs()});
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    private void insert(ApplicationRow a) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(INSERT_APP)) {
            Object[] values = {a.appKey(), a.appId(), a.attempt(), a.name(), a.user(), a.sparkVersion(), a.clusterManager(),
                    a.startMs(), a.endMs(), a.wallMs(), a.status(), a.reason(), a.timeAccountJson(), a.logPath(),
                    a.logSize(), a.logModifiedMs(), a.sparkdocVersion(), a.rulesHash(), a.day()};
            bind(st, values);
            st.executeUpdate();
        }
    }

    private void insert(List<FindingRow> findings) throws SQLException {
        if (findings.isEmpty()) {
            return;
        }
        try (PreparedStatement st = db.prepareStatement(INSERT_FINDING)) {
            for (FindingRow f : findings) {
                bind(st, new Object[] {f.appKey(), f.rank(), f.rule(), f.family(), f.severity(), f.secondsLost(), f.scope(),
                        f.title(), f.evidenceJson(), f.remediesJson(), f.day()});
                st.addBatch();
            }
            st.executeBatch();
        }
    }

    private static void bind(PreparedStatement st, Object[] values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v == null) {
                st.setNull(i + 1, Types.NULL);
            } else {
                st.setObject(i + 1, v);
            }
        }
    }

    /** The rows of a query (a report's SQL, its parameters already written in), column name to value. */
    public synchronized List<Map<String, Object>> query(String sql) {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            List<Map<String, Object>> out = new ArrayList<>();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int c = 1; c <= meta.getColumnCount(); c++) {
                    row.put(meta.getColumnLabel(c), rs.getObject(c));
                }
                out.add(row);
            }
            return out;
        } catch (SQLException e) {
            throw failure("query", e);
        }
    }

    public long applications() {
        Object n = query("SELECT COUNT(*) AS n FROM applications").get(0).get("n");
        return ((Number) n).longValue();
    }

    @Override
    public synchronized void close() {
        try {
            db.close();
        } catch (SQLException e) {
            throw failure("close", e);
        }
    }

    private StoreException failure(String what, SQLException e) {
        return new StoreException("cannot " + what + " the fleet store " + file + ": " + e.getMessage(), e);
    }

    /** The statements of the schema resource, one per ';'. */
    static List<String> schema() {
        try (InputStream in = FleetStore.class.getResourceAsStream("/fleet/schema.sql")) {
            if (in == null) {
                throw new IllegalStateException("fleet/schema.sql is missing from the jar");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            List<String> out = new ArrayList<>();
            for (String part : text.replaceAll("(?m)^\\s*--.*$", "").split(";")) {
                if (!part.isBlank()) {
                    out.add(part.strip());
                }
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read fleet/schema.sql", e);
        }
    }
}
