package dev.sparkdoc.fleet.store;

import dev.sparkdoc.json.ToolVersion;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.signals.AppContext;
import dev.sparkdoc.signals.ClusterManagers;
import dev.sparkdoc.signals.PostMortem;
import dev.sparkdoc.signals.TimeSignals;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * One event log on local disk into the rows of the fleet store. A log that cannot be read is a row
 * too, with its status and a one-line reason: a fleet run never stops on one bad log.
 */
public final class LogRowsReader {

    /**
     * An {@code .inprogress} log written to within this long is still growing: its application
     * probably runs. Older, it was abandoned (a driver killed before it could rename the log).
     */
    public static final Duration GROWING = Duration.ofMinutes(5);

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    private static final com.fasterxml.jackson.databind.ObjectWriter COMPACT =
            Json.mapper().writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);

    private final List<Rule> rules;
    private final String rulesHash;
    private final String sparkdocVersion;
    private final Clock clock;

    public LogRowsReader(List<Rule> rules, String sparkdocVersion, Clock clock) {
        this.rules = List.copyOf(rules);
        this.rulesHash = hash(rules);
        this.sparkdocVersion = sparkdocVersion;
        this.clock = clock;
    }

    /**
     * Reads one event log (a file or a rolling eventlog_v2_ folder, any codec) already on local disk
     * and triages it with the built-in rules; never throws for a bad log: it returns a row with a
     * status and a one-line reason instead. listedPath is the path/URI as the listing named it.
     */
    public static LogRows read(Path localLog, String listedPath, long size, long modifiedMs) {
        return new LogRowsReader(RuleCatalog.builtIn(), ToolVersion.of(), Clock.systemUTC())
                .rows(localLog, listedPath, size, modifiedMs);
    }

    /**
     * The row of a log that never reached the reader (the cluster job could not copy it to the
     * executor): a status and a one-line reason, as a bad log gets from {@link #read}.
     */
    public static LogRows failed(String listedPath, long size, long modifiedMs, String status, String reason) {
        return new LogRowsReader(RuleCatalog.builtIn(), ToolVersion.of(), Clock.systemUTC())
                .problemRows(listedPath, size, modifiedMs, status, reason);
    }

    /**
     * The row of a log that never reached this reader (a History Server's download that failed):
     * a status and a one-line reason, as a bad log gets from {@link #rows}.
     */
    public LogRows problemRows(String listedPath, long size, long modifiedMs, String status, String reason) {
        return new LogRows(problem(listedPath, size, modifiedMs, status, reason), List.of());
    }

    public String rulesHash() {
        return rulesHash;
    }

    /** As {@link #read}, with this reader's rules. */
    public LogRows rows(Path localLog, String listedPath, long size, long modifiedMs) {
        return rows(localLog, listedPath, size, modifiedMs, d -> { });
    }

    /**
     * As {@link #read}; {@code diagnosed} also sees the diagnosis of a log that was read, before it is
     * dropped (the fleet table is built from it, the heap keeps only the rows).
     */
    public LogRows rows(Path localLog, String listedPath, long size, long modifiedMs, Consumer<Diagnosis> diagnosed) {
        Optional<ApplicationRow> bad = unreadable(localLog, listedPath, size, modifiedMs);
        if (bad.isPresent()) {
            return new LogRows(bad.get(), List.of());
        }
        Diagnosis diagnosis;
        try (SnapshotSource source = Sources.open(new Target.EventLog(localLog), AppSelector.ANY, HttpOptions.DEFAULT, clock)) {
            diagnosis = Diagnosis.of(source.read(), rules);
        } catch (SourceException e) {
            String status = e.getMessage() != null && e.getMessage().contains(" is empty") ? "empty" : "unreadable";
            return new LogRows(problem(listedPath, size, modifiedMs, status, named(e.getMessage(), localLog, listedPath)), List.of());
        } catch (RuntimeException e) {
            // a reader bug on a strange log must not end a fleet run of thousands: the row names it
            return new LogRows(problem(listedPath, size, modifiedMs, "unreadable",
                    "sparkdoc could not read it (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")"), List.of());
        }
        diagnosed.accept(diagnosis);
        return rowsOf(diagnosis, localLog, listedPath, size, modifiedMs);
    }

    private LogRows rowsOf(Diagnosis d, Path localLog, String listedPath, long size, long modifiedMs) {
        AppSnapshot s = d.snapshot();
        Application a = s.application();
        AppContext ctx = AppContext.of(s, d.driverLog());
        String attempt = a.attemptId().orElse("");
        String key = a.id() + "/" + attempt;
        Long start = a.knownStartTime().map(Instant::toEpochMilli).orElse(null);
        Long end = a.endTime().map(Instant::toEpochMilli).orElse(null);
        Long wall = start != null && end != null ? Math.max(0, end - start) : null;
        String day = DAY.format(Instant.ofEpochMilli(start != null ? start : modifiedMs));
        String status = status(s, ctx, localLog, modifiedMs);
        String reason = switch (status) {
            case "growing" -> "still being written (modified " + ageText(modifiedMs) + " ago): read as far as it goes";
            case "incomplete" -> "the log ends before the application did";
            default -> null;
        };
        ApplicationRow app = new ApplicationRow(key, a.id(), attempt, a.name(), blankToNull(a.user()),
                a.sparkVersion().orElse(null), ClusterManagers.of(ctx).orElse(null), start, end, wall, status, reason,
                TimeSignals.account(ctx).map(LogRowsReader::json).orElse(null),
                listedPath, size, modifiedMs, sparkdocVersion, rulesHash, day);
        List<FindingRow> findings = new ArrayList<>();
        for (Finding f : d.findings()) {
            findings.add(new FindingRow(key, findings.size() + 1, f.rule(), f.family(), f.severity().id(),
                    f.costMeasured() ? f.secondsLost() : null, f.where(), f.title(), json(f.evidence()), json(f.remedies()), day));
        }
        return new LogRows(app, findings);
    }

    private String status(AppSnapshot s, AppContext ctx, Path localLog, long modifiedMs) {
        // failed: what the user saw fail (a job, a query, the driver), even when the driver went on to stop cleanly
        boolean jobFailed = s.jobs().stream().map(Job::status).anyMatch(st -> st == JobStatus.FAILED);
        boolean queryFailed = s.sqlExecutions().stream()
                .anyMatch(q -> "FAILED".equalsIgnoreCase(q.status()) || q.errorMessage().isPresent());
        if (jobFailed || queryFailed || ctx.postMortem().verdict() == PostMortem.Verdict.CRASHED) {
            return "failed";
        }
        if (s.application().completed()) {
            return "complete";
        }
        boolean inProgress = localLog.getFileName().toString().endsWith(".inprogress") || hasInProgressStatus(localLog);
        long age = clock.millis() - modifiedMs;
        return inProgress && age < GROWING.toMillis() ? "growing" : "incomplete";
    }

    private static boolean hasInProgressStatus(Path log) {
        if (!Files.isDirectory(log)) {
            return false;
        }
        try (Stream<Path> parts = Files.list(log)) {
            return parts.anyMatch(p -> p.getFileName().toString().startsWith("appstatus_")
                    && p.getFileName().toString().endsWith(".inprogress"));
        } catch (IOException e) {
            return false;
        }
    }

    /** What can be told before reading: a log sparkdoc may not open, or one with no bytes. */
    private Optional<ApplicationRow> unreadable(Path log, String listedPath, long size, long modifiedMs) {
        if (!Files.isReadable(log) || (Files.isDirectory(log) && !Files.isExecutable(log))) {
            return Optional.of(problem(listedPath, size, modifiedMs, "unreadable",
                    "permission denied: give the user running sparkdoc read access to " + listedPath));
        }
        if (size == 0) {
            return Optional.of(problem(listedPath, size, modifiedMs, "empty",
                    "the log has no bytes yet: Spark has not written any event (or the driver died at once)"));
        }
        return Optional.empty();
    }

    /**
     * The reason in the listing's name: a local copy (a History Server's download, the cluster job's
     * copy on an executor) is a temporary file the user never sees.
     */
    private static String named(String reason, Path localLog, String listedPath) {
        return reason == null ? null : reason.replace(localLog.toString(), listedPath);
    }

    private ApplicationRow problem(String listedPath, long size, long modifiedMs, String status, String reason) {
        return new ApplicationRow("log:" + listedPath, null, null, null, null, null, null, null, null, null, status,
                oneLine(reason), null, listedPath, size, modifiedMs, sparkdocVersion, rulesHash,
                DAY.format(Instant.ofEpochMilli(modifiedMs)));
    }

    private String ageText(long modifiedMs) {
        long s = Math.max(0, (clock.millis() - modifiedMs) / 1000);
        return s < 120 ? s + " s" : s / 60 + " min";
    }

    static String oneLine(String text) {
        if (text == null || text.isBlank()) {
            return "no reason given";
        }
        String line = text.strip().replaceAll("\\s*\\R\\s*", " ");
        return line.length() <= 300 ? line : line.substring(0, 299) + "…";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static String json(Object value) {
        try {
            // one line: a column's value (the shared mapper indents for people)
            return COMPACT.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    /** Changes when a rule is added, removed, edited in place or moved: rows of older rules can be told apart. */
    static String hash(List<Rule> rules) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Rule r : rules) {
                sha.update((r.id() + '\u0000' + r.origin() + '\u0000' + r.title() + '\u0000' + r.family() + '\n')
                        .getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
    }

}
