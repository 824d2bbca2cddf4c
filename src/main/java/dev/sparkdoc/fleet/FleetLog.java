package dev.sparkdoc.fleet;

import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.rules.Severity;
import java.util.Map;

/**
 * One event log a fleet reads into rows: a file or rolling folder of a folder of logs
 * ({@link EventLogDir.LogFile}), or an attempt a History Server serves ({@link ServerLog}).
 */
public interface FleetLog {

    /** The name the store remembers it by ({@code logs_read.log_path}): a path, or the download's URL. */
    String listed();

    /** Whether the store already holds it as it is now: it is then skipped. */
    boolean storedAsIs(Map<String, FleetStore.Seen> seen);

    /** Its bytes when known before reading (0 otherwise): the biggest logs are read first. */
    long size();

    /** Reads and triages it; never throws for a bad log: the rows and the entry say why instead. */
    Read read(LogRowsReader reader, Severity minimum);

    /** What one log gives: the store's rows and the table's entry. */
    record Read(LogRows rows, FleetEntry entry) {
    }
}
