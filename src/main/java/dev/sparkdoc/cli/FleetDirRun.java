package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.DirFleet;
import dev.sparkdoc.fleet.EventLogDir;
import dev.sparkdoc.fleet.FleetEntry;
import dev.sparkdoc.fleet.NameGlob;
import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.JsonlExport;
import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.report.FleetProgress;
import dev.sparkdoc.report.FleetReport;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.userconfig.UserDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * {@code sparkdoc fleet DIR}: wires the folder's listing, the store, the export and the progress
 * line to {@link DirFleet}, then prints the ranked table of the logs read in this run.
 */
final class FleetDirRun {

    private FleetDirRun() {
    }

    static int run(Path folder, Clock clock, UserDirs dirs, Supplier<List<Rule>> rules, FleetOptions applications, FleetStoreOptions options,
            FindingOptions findings, OutputOptions output) throws IOException {
        Instant takenAt = clock.instant();
        Optional<Instant> since = applications.since(clock);
        int limit = applications.limit(Integer.MAX_VALUE);
        List<EventLogDir.LogFile> logs;
        try {
            logs = EventLogDir.list(folder, since, limit);
        } catch (IOException e) {
            throw new SourceException("cannot list " + folder + ": " + e.getMessage() + " (give a folder you may read)", e);
        }
        String version = VersionProvider.version();
        // the rules load only when some log changed: a run that finds nothing new starts and ends quickly
        Supplier<LogRowsReader> reader = () -> new LogRowsReader(rules.get(), version, clock);
        NameGlob name = options.name();
        List<FleetReport.Prepared> shown = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean flagged = new AtomicBoolean();
        Optional<Path> storeFile = options.store(dirs);
        try (FleetStore store = storeFile.map(FleetStore::open).orElse(null);
             JsonlExport jsonl = options.jsonl == null ? null : JsonlExport.create(options.jsonl)) {
            Map<String, FleetStore.Seen> seen = store == null ? Map.of() : store.seen();
            DirFleet.Sink sink = (LogRows rows, FleetEntry entry) -> {
                if (store != null) {
                    store.put(rows);
                }
                if (!name.matches(rows.application().name())) {
                    return;
                }
                if (jsonl != null) {
                    try {
                        jsonl.write(rows);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                if (entry.anyAtLeast(findings.threshold())) {
                    flagged.set(true);
                }
                shown.add(FleetReport.prepare(entry, findings.minimum(), version, findings.top()));
            };
            ProgressLine progress = ProgressLine.onStderr();
            DirFleet.Outcome outcome = new DirFleet(reader, findings.minimum(), options.threads()).run(logs, seen, sink, progress);
            progress.clear();
            if (jsonl != null) {
                jsonl.commit();
            }
            FleetReport report = FleetReport.ofPrepared(new FleetReport.Source(SourceKind.EVENTLOG, folder.toString(), takenAt,
                    since, limit, store == null ? Optional.empty() : Optional.of(outcome.unchanged())),
                    findings.minimum(), shown, version);
            FleetCommand.print(report, output);
            long unreadable = report.applications().stream().filter(e -> e.error().isPresent()).count();
            if (unreadable > 0) {
                System.err.println("sparkdoc: " + unreadable + " of " + report.applications().size()
                        + " event logs could not be read (see the table)");
            }
            storeFile.ifPresent(f -> System.err.println("sparkdoc: " + outcome.read() + " logs read into " + f
                    + (outcome.unchanged() > 0 ? ", " + outcome.unchanged() + " unchanged" : "")
                    + "; 'sparkdoc fleet report' for what recurs, regressed and newly fails"));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return flagged.get() ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /** The progress line on stderr, only when stderr is a terminal; at most five times a second. */
    static final class ProgressLine implements DirFleet.Progress {

        private final boolean on;
        private final long started = System.nanoTime();
        private long lastPrinted;

        private ProgressLine(boolean on) {
            this.on = on;
        }

        static ProgressLine onStderr() {
            return new ProgressLine(stderrIsTerminal());
        }

        @Override
        public synchronized void update(int done, int total) {
            long now = System.nanoTime();
            if (!on || (now - lastPrinted < 200_000_000L && done < total)) {
                return;
            }
            lastPrinted = now;
            System.err.print("\r\033[K" + FleetProgress.line(done, total, (now - started) / 1_000_000));
            System.err.flush();
        }

        synchronized void clear() {
            if (on) {
                System.err.print("\r\033[K");
                System.err.flush();
            }
        }

        /** Java 17 cannot ask about stderr alone: its descriptor names a terminal device on Linux. */
        private static boolean stderrIsTerminal() {
            try {
                String device = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
                return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException e) {
                return System.console() != null;
            }
        }
    }
}
