package dev.sparkdoc.fleet;

import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.LogDownloads;
import dev.sparkdoc.source.ServerAttempt;
import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * One attempt a History Server lists, read as {@code fleet DIR} reads a log: its event log
 * downloaded as the zip the server's Download link gives, into {@code zip}, read by the same
 * {@link LogRowsReader}, and removed. The store keeps it under its download URL, with the
 * listing's {@code lastUpdated} as its modification time.
 */
public record ServerLog(ServerAttempt attempt, LogDownloads downloads, Path zip) implements FleetLog {

    @Override
    public String listed() {
        return downloads.address(attempt.listed().id(), attempt.listed().attemptId());
    }

    long lastUpdatedMs() {
        return attempt.lastUpdated().toEpochMilli();
    }

    /**
     * The key: the attempt's download URL and its {@code lastUpdated}. A finished attempt's log
     * changes only when it is rewritten, which moves {@code lastUpdated} (and its duration cannot
     * change without its log). A row of a download that failed holds no bytes: asked for again.
     */
    @Override
    public boolean storedAsIs(Map<String, FleetStore.Seen> seen) {
        FleetStore.Seen stored = seen.get(listed());
        return stored != null && stored.size() > 0 && stored.modifiedMs() == lastUpdatedMs();
    }

    /** Not known before the download: the listing's order is kept. */
    @Override
    public long size() {
        return 0;
    }

    @Override
    public Read read(LogRowsReader reader, Severity minimum) {
        ListedApplication listed = attempt.listed();
        try {
            long bytes = downloads.fetch(listed.id(), listed.attemptId(), zip);
            Diagnosis[] read = new Diagnosis[1];
            LogRows rows = reader.rows(zip, listed(), bytes, lastUpdatedMs(), d -> read[0] = d);
            FleetEntry entry = read[0] == null
                    ? FleetEntry.unreadable(listed, rows.application().status() + ": " + rows.application().reason())
                    : FleetEntry.read(listed, read[0], minimum);
            return new Read(rows, entry);
        } catch (SourceException e) {
            LogRows rows = reader.problemRows(listed(), 0, lastUpdatedMs(), "unreadable", e.getMessage());
            return new Read(rows, FleetEntry.unreadable(listed, "unreadable: " + rows.application().reason()));
        } finally {
            try {
                Files.deleteIfExists(zip);
            } catch (IOException e) {
                // the run's temporary folder goes as a whole at its end
            }
        }
    }
}
