package dev.sparkdoc.fleet;

import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.JsonlExport;
import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.rules.Severity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A fleet run over event logs (a folder's, or a History Server's downloads): each log not already
 * in the store read by {@link LogFleet}, its rows put in the store and the JSONL export, and its
 * table row made at once, so that only rows stay in the heap.
 */
public final class StoredFleet {

    /**
     * @param store   the SQLite store, empty for none (every log read)
     * @param jsonl   the export written at the end, empty for none
     * @param name    the applications the table and the export keep (the store gets every log read,
     *                so that the next run skips them all)
     * @param minimum the lowest severity the table ranks
     * @param failOn  the severity that makes the run's exit code 1
     */
    public record Settings(Optional<Path> store, Optional<Path> jsonl, NameGlob name, int threads, Severity minimum,
                           Severity failOn) {
    }

    /**
     * @param shown   the table's rows of the logs read in this run whose name matched
     * @param flagged whether one of them has a finding at or above {@code failOn}
     */
    public record Result<T>(LogFleet.Outcome outcome, List<T> shown, boolean flagged) {
    }

    private StoredFleet() {
    }

    /**
     * @param readers called once, only when some log changed: a run that finds nothing new starts and ends quickly
     * @param row     the table's row of one log, made from the worker threads while its diagnosis is at hand
     * @throws IOException when the JSONL export cannot be written
     */
    public static <T> Result<T> run(List<? extends FleetLog> logs, Supplier<LogRowsReader> readers, Settings settings,
            Function<FleetEntry, T> row, LogFleet.Progress progress) throws IOException {
        List<T> shown = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean flagged = new AtomicBoolean();
        try (FleetStore store = settings.store().map(FleetStore::open).orElse(null);
             JsonlExport jsonl = settings.jsonl().isEmpty() ? null : JsonlExport.create(settings.jsonl().get())) {
            Map<String, FleetStore.Seen> seen = store == null ? Map.of() : store.seen();
            LogFleet.Sink sink = (LogRows rows, FleetEntry entry) -> {
                if (store != null) {
                    store.put(rows);
                }
                if (!settings.name().matches(rows.application().name())) {
                    return;
                }
                if (jsonl != null) {
                    write(jsonl, rows);
                }
                if (entry.anyAtLeast(settings.failOn())) {
                    flagged.set(true);
                }
                shown.add(row.apply(entry));
            };
            LogFleet.Outcome outcome = new LogFleet(readers, settings.minimum(), settings.threads()).run(logs, seen, sink, progress);
            if (jsonl != null) {
                jsonl.commit();
            }
            return new Result<>(outcome, List.copyOf(shown), flagged.get());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void write(JsonlExport jsonl, LogRows rows) {
        try {
            jsonl.write(rows);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
