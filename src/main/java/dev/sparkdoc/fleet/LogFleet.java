package dev.sparkdoc.fleet;

import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.rules.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Triage of many event logs (a folder's, or a History Server's downloads), {@code threads} logs
 * at a time. Each log is read streaming, diagnosed, turned into rows and handed to the sink, and
 * its snapshot dropped: the heap holds at most {@code threads} applications whatever the number
 * of logs. A log the store already holds as it is is skipped.
 */
public final class LogFleet {

    /** Receives each log's rows and fleet entry, from the worker threads: it must be thread-safe. */
    public interface Sink {
        void accept(LogRows rows, FleetEntry entry);
    }

    /** Told after each log, from the worker threads. */
    public interface Progress {
        void update(int done, int total);
    }

    /**
     * @param listed    logs that matched --since, --limit (and for a History Server, --name)
     * @param unchanged of those, the ones skipped because the store already has them as they are
     */
    public record Outcome(int listed, int unchanged, int read, long elapsedMs) {
    }

    /**
     * The biggest first: N threads are busy until the last log is done, so a big log started last
     * would be read by one thread while the others idle (longest-first list scheduling).
     */
    private static final Comparator<FleetLog> BIGGEST_FIRST = Comparator.comparingLong(FleetLog::size).reversed();

    private final Supplier<LogRowsReader> readers;
    private final Severity minimum;
    private final int threads;

    /** @param readers called once, only when some log is to be read (loading the rules takes a while) */
    public LogFleet(Supplier<LogRowsReader> readers, Severity minimum, int threads) {
        this.readers = readers;
        this.minimum = minimum;
        this.threads = Math.max(1, threads);
    }

    /** @param seen what the store holds ({@link FleetStore#seen()}), empty without a store */
    public Outcome run(List<? extends FleetLog> logs, Map<String, FleetStore.Seen> seen, Sink sink, Progress progress) {
        long started = System.nanoTime();
        List<FleetLog> todo = logs.stream().filter(log -> !log.storedAsIs(seen)).sorted(BIGGEST_FIRST)
                .map(FleetLog.class::cast).toList();
        AtomicInteger done = new AtomicInteger();
        if (!todo.isEmpty()) {
            LogRowsReader reader = readers.get();
            ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, todo.size()), runnable -> {
                Thread thread = new Thread(runnable, "sparkdoc-fleet-log");
                thread.setDaemon(true);
                return thread;
            });
            try {
                List<Future<?>> pending = new ArrayList<>();
                for (FleetLog log : todo) {
                    pending.add(pool.submit(() -> {
                        FleetLog.Read read = log.read(reader, minimum);
                        sink.accept(read.rows(), read.entry());
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
