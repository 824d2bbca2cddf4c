package dev.sparkdoc.fleet.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.signals.AppContext;
import dev.sparkdoc.signals.TimeSignals;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * One event log on local disk, triaged with the built-in rules and turned into the fleet store's
 * rows. A log that cannot be read is a row with its status and reason, never an exception: one bad
 * log among thousands must not stop a fleet run.
 */
public final class LogRowsReader {

    private static final List<Rule> RULES = RuleCatalog.builtIn();
    private static final String RULES_HASH = hash(RULES);
    private static final String VERSION = sparkdocVersion();
    private static final ObjectWriter COMPACT = Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);

    private LogRowsReader() {
    }

    /**
     * @param localLog   a file or a rolling {@code eventlog_v2_} folder, any codec, on local disk
     * @param listedPath the path or URI as the listing named it (what the rows keep)
     */
    public static LogRows read(Path localLog, String listedPath, long size, long modifiedMs) {
        if (size == 0) {
            return failed(listedPath, size, modifiedMs, "empty", "the event log is empty (0 bytes)");
        }
        try (SnapshotSource source = Sources.open(new Target.EventLog(localLog), AppSelector.ANY, HttpOptions.DEFAULT)) {
            AppSnapshot snapshot = source.read();
            return rows(Diagnosis.of(snapshot, RULES), listedPath, size, modifiedMs);
        } catch (SourceException e) {
            return failed(listedPath, size, modifiedMs, "unreadable", oneLine(e.getMessage()));
        } catch (RuntimeException e) {
            // a log sparkdoc cannot make sense of is a row to look at, not a stopped fleet run
            return failed(listedPath, size, modifiedMs, "unreadable",
                    oneLine("sparkdoc failed on this log: " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    /** The row of a log that gave no application: keyed by its path, dated by its modification. */
    public static LogRows failed(String listedPath, long size, long modifiedMs, String status, String reason) {
        ApplicationRow row = new ApplicationRow("log:" + listedPath, null, null, null, null, null, null, null, null, null,
                status, reason, null, listedPath, size, modifiedMs, VERSION, RULES_HASH, day(modifiedMs));
        return new LogRows(row, List.of());
    }

    private static LogRows rows(Diagnosis d, String listedPath, long size, long modifiedMs) {
        AppSnapshot s = d.snapshot();
        Application a = s.application();
        AppContext ctx = AppContext.of(s);
        String attempt = a.attemptId().orElse("");
        String key = a.id() + "/" + attempt;
        Long start = a.knownStartTime().map(Instant::toEpochMilli).orElse(null);
        Long end = a.endTime().map(Instant::toEpochMilli).orElse(null);
        Long wall = start != null && end != null ? Math.max(0, end - start) : null;
        String day = day(start != null ? start : modifiedMs);
        String master = ctx.settings().get("spark.master").map(m -> m.value()).orElse(null);
        ApplicationRow app = new ApplicationRow(key, a.id(), attempt, a.name(), a.user(), a.sparkVersion().orElse(null),
                clusterManager(master), start, end, wall, a.completed() ? "complete" : "incomplete", null,
                TimeSignals.account(ctx).map(LogRowsReader::json).orElse(null),
                listedPath, size, modifiedMs, VERSION, RULES_HASH, day);
        List<FindingRow> findings = new ArrayList<>();
        int rank = 1;
        for (Finding f : d.findings()) {
            findings.add(new FindingRow(key, rank++, f.rule(), f.family(), f.severity().id(),
                    f.costMeasured() ? f.secondsLost() : null, scope(f.scope()), f.title(),
                    json(f.evidence()), json(f.remedies()), day));
        }
        return new LogRows(app, findings);
    }

    /** "stage:12.0", "app:local-1", "sql:3": the kind and the id, which survive a rerun of the same log. */
    static String scope(Scope scope) {
        return scope.kind().id() + ":" + scope.id();
    }

    /** The cluster manager from spark.master (SparkSubmit's own prefixes); local-cluster[...] is a standalone master. */
    static String clusterManager(String master) {
        if (master == null) {
            return null;
        }
        if (master.startsWith("yarn")) {
            return "yarn";
        }
        if (master.startsWith("k8s://")) {
            return "k8s";
        }
        if (master.startsWith("spark://") || master.startsWith("local-cluster")) {
            return "standalone";
        }
        if (master.startsWith("mesos://")) {
            return "mesos";
        }
        return master.startsWith("local") ? "local" : null;
    }

    private static String day(long epochMs) {
        return Instant.ofEpochMilli(epochMs).atZone(ZoneOffset.UTC).toLocalDate().toString();
    }

    private static String oneLine(String message) {
        return message == null ? "no message" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    private static String json(Object value) {
        try {
            return COMPACT.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    /** Rows written under other rules are told apart by this: the rule records hold every field of every rule. */
    private static String hash(List<Rule> rules) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            rules.forEach(rule -> sha.update(rule.toString().getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sparkdocVersion() {
        try (InputStream in = LogRowsReader.class.getResourceAsStream("/sparkdoc-version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
