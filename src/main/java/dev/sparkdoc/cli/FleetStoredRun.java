package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.EventLogDir;
import dev.sparkdoc.fleet.FleetLog;
import dev.sparkdoc.fleet.ServerLogs;
import dev.sparkdoc.fleet.StoredFleet;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.fleet.store.SqliteNative;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.report.FleetReport;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.userconfig.UserDirs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code sparkdoc fleet DIR} and {@code sparkdoc fleet URL --store}: the logs listed, handed to
 * {@link StoredFleet} with the options, and the ranked table of the logs read in this run printed.
 */
final class FleetStoredRun {

    private final Clock clock;
    private final Supplier<List<Rule>> rules;
    private final FleetOptions applications;
    private final FleetStoreOptions options;
    private final FindingOptions findings;
    private final OutputOptions output;
    private final Optional<Path> storeFile;

    FleetStoredRun(Clock clock, UserDirs dirs, Supplier<List<Rule>> rules, FleetOptions applications, FleetStoreOptions options,
            FindingOptions findings, OutputOptions output) {
        this.clock = clock;
        this.rules = rules;
        this.applications = applications;
        this.options = options;
        this.findings = findings;
        this.output = output;
        this.storeFile = options.store(dirs);
        storeFile.ifPresent(f -> SqliteNative.useCacheIn(dirs.cacheDir()));
    }

    int folder(Path folder) throws IOException {
        Instant takenAt = clock.instant();
        Optional<Instant> since = applications.since(clock);
        int limit = applications.limit(Integer.MAX_VALUE);
        List<EventLogDir.LogFile> logs;
        try {
            logs = EventLogDir.list(folder, since, limit);
        } catch (IOException e) {
            throw new SourceException("cannot list " + folder + ": " + e.getMessage() + " (give a folder you may read)", e);
        }
        return run(logs, new FleetReport.Source(SourceKind.EVENTLOG, folder.toString(), takenAt, since, limit, Optional.empty()),
                "event logs");
    }

    int server(Target.Http target, HttpOptions http) throws IOException {
        Instant takenAt = clock.instant();
        Optional<Instant> since = applications.since(clock);
        int limit = applications.limit(Integer.MAX_VALUE);
        try (ServerLogs server = ServerLogs.open(target, http)) {
            List<FleetLog> logs = server.list(since, limit, options.name());
            return run(logs, new FleetReport.Source(SourceKind.HISTORY, server.display(), takenAt, since, limit, Optional.empty()),
                    "attempts' event logs");
        }
    }

    private int run(List<? extends FleetLog> logs, FleetReport.Source source, String what) throws IOException {
        String version = VersionProvider.version();
        StoredFleet.Settings settings = new StoredFleet.Settings(storeFile, Optional.ofNullable(options.jsonl), options.name(),
                options.threads(), findings.minimum(), findings.threshold());
        ProgressLine progress = ProgressLine.onStderr();
        StoredFleet.Result<FleetReport.Prepared> result = StoredFleet.run(logs,
                () -> new LogRowsReader(rules.get(), version, clock), settings,
                entry -> FleetReport.prepare(entry, findings.minimum(), version, findings.top()), progress);
        progress.clear();
        Optional<Integer> unchanged = storeFile.map(f -> result.outcome().unchanged());
        FleetReport report = FleetReport.ofPrepared(new FleetReport.Source(source.kind(), source.target(), source.takenAt(),
                source.since(), source.limit(), unchanged), findings.minimum(), result.shown(), version);
        FleetCommand.print(report, output);
        long unreadable = report.applications().stream().filter(e -> e.error().isPresent()).count();
        if (source.kind() == SourceKind.HISTORY && unreadable > 0 && unreadable == report.applications().size()) {
            // as without a store: a server none of whose logs could be had is as good as unreadable (exit 3)
            throw new SourceException("none of the " + unreadable + " " + what + " at " + source.target()
                    + " could be read; first error: " + report.applications().get(0).error().orElse("?"));
        }
        if (unreadable > 0) {
            System.err.println("sparkdoc: " + unreadable + " of " + report.applications().size() + " " + what
                    + " could not be read (see the table)");
        }
        storeFile.ifPresent(f -> System.err.println("sparkdoc: " + result.outcome().read() + " logs read into " + f
                + (result.outcome().unchanged() > 0 ? ", " + result.outcome().unchanged() + " unchanged" : "")
                + "; 'sparkdoc fleet report' for what recurs, regressed and newly fails"));
        return result.flagged() ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
