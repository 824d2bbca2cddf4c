package dev.sparkdoc.fleet;

import dev.sparkdoc.fleet.store.ApplicationRow;
import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Triage of every event log of a folder, {@code threads} logs at a time. Each log is read
 * streaming, diagnosed, turned into rows and handed to the sink, and its snapshot dropped: the
 * heap holds at most {@code threads} applications whatever the number of logs. A log whose size
 * and modification time are those already stored is skipped.
 */
public final class DirFleet {

    /** Receives each log's rows and fleet entry, from the worker threads: it must be thread-safe. */
    public interface Sink {
        void accept(LogRows rows, FleetEntry entry);
    }

    /** Told after each log, from the worker threads. */
    public interface Progress {
        void update(int done, int total);
    }

    /**
     * @param listed    logs in the folder that matched --since and --limit
     * @param unchanged of those, the ones skipped because the store already has them as they are
     */
    public record Outcome(int listed, int unchanged, int read, long elapsedMs) {
    }

    private final Supplier<LogRowsReader> readers;
    private final Severity minimum;
    private final int threads;

    /** @param readers called once, only when some log is to be read (loading the rules takes a while) */
    public DirFleet(Supplier<LogRowsReader> readers, Severity minimum, int threads) {
        this.readers = readers;
        this.minimum = minimum;
        this.threads = Math.max(1, threads);
    }

    /** @param seen what the store holds ({@link FleetStore#seen()}), empty without a store */
    public Outcome run(List<EventLogDir.LogFile> logs, Map<String, FleetStore.Seen> seen, Sink sink, Progress progress) {
        long started = System.nanoTime();
        List<EventLogDir.LogFile> todo = logs.stream()
                .filter(f -> !new FleetStore.Seen(f.size(), f.modifiedMs()).equals(seen.get(f.listed())))
                .toList();
        AtomicInteger done = new AtomicInteger();
        if (!todo.isEmpty()) {
            LogRowsReader reader = readers.get();
            ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, todo.size()), runnable -> {
                Thread thread = new Thread(runnable, "sparkdoc-fleet-dir");
                thread.setDaemon(true);
                return thread;
            });
            try {
                List<Future<?>> pending = new ArrayList<>();
                for (EventLogDir.LogFile log : todo) {
                    pending.add(pool.submit(() -> {
                        one(reader, log, sink);
                        progress.update(done.incrementAndGet(), todo.size());
                        return null;
                    }));
                }
                for (Future<?> f : pending) {
                    join(f);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        return new Outcome(logs.size(), logs.size() - todo.size(), todo.size(), (System.nanoTime() - started) / 1_000_000);
    }

    private void one(LogRowsReader reader, EventLogDir.LogFile log, Sink sink) {
        Diagnosis[] read = new Diagnosis[1];
        LogRows rows = reader.rows(log.path(), log.listed(), log.size(), log.modifiedMs(), d -> read[0] = d);
        FleetEntry entry = read[0] == null
                ? FleetEntry.unreadable(problem(log, rows.application()), rows.application().status() + ": " + rows.application().reason())
                : FleetEntry.read(listed(read[0].snapshot().application(), log), read[0], minimum);
        sink.accept(rows, entry);
    }

    private static ListedApplication listed(Application a, EventLogDir.LogFile log) {
        return new ListedApplication(a.id(), a.attemptId(), a.name(), a.sparkVersion(),
                a.knownStartTime().orElse(Instant.ofEpochMilli(log.modifiedMs())), a.endTime(), a.completed());
    }

    private static ListedApplication problem(EventLogDir.LogFile log, ApplicationRow row) {
        return new ListedApplication(log.path().getFileName().toString(), Optional.empty(), "", Optional.empty(),
                Instant.ofEpochMilli(row.logModifiedMs()), Optional.empty(), false);
    }

    private static void join(Future<?> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading event logs", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
