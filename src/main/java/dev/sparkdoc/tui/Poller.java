package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.tui.UiEvent.FetchFailed;
import dev.sparkdoc.tui.UiEvent.SnapshotArrived;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Reads the application on its own thread and posts what it got as events. One thread, one read
 * at a time: never more than one poll in flight against the driver, however slow it answers.
 * The wait between reads follows {@link PollSchedule}; {@code r} wakes it early, {@code p} holds it.
 */
public final class Poller implements AutoCloseable {

    /** The header's headline when a read failed inside sparkdoc itself; short, so the rest of the row fits 80 columns (the footer names the log). */
    static final String INTERNAL_ERROR = "internal error in sparkdoc";

    private final SnapshotSource source;
    private final BiFunction<AppSnapshot, Optional<ProcessTable>, Diagnosis> diagnose;
    private final ProcessFeed processes;
    private final Consumer<UiEvent> sink;
    private final PollSchedule schedule;
    private final Clock clock;
    private final AttachLog log;
    private final Object lock = new Object();
    private final Thread thread;
    private boolean wake;
    private volatile boolean failing;
    private boolean paused;
    private volatile boolean closed;

    /** With a diagnosis that reads no processes (tests of the poll itself). */
    public Poller(SnapshotSource source, Function<AppSnapshot, Diagnosis> diagnose, ProcessFeed processes,
                  Consumer<UiEvent> sink, PollSchedule schedule, Clock clock, AttachLog log) {
        this(source, (snapshot, table) -> diagnose.apply(snapshot), processes, sink, schedule, clock, log);
    }

    /** @param diagnose the diagnosis of a snapshot with the process sample taken right after it, when there is one */
    public Poller(SnapshotSource source, BiFunction<AppSnapshot, Optional<ProcessTable>, Diagnosis> diagnose, ProcessFeed processes,
                  Consumer<UiEvent> sink, PollSchedule schedule, Clock clock, AttachLog log) {
        this.source = source;
        this.diagnose = diagnose;
        this.processes = processes;
        this.sink = sink;
        this.schedule = schedule;
        this.clock = clock;
        this.log = log;
        this.thread = new Thread(this::run, "sparkdoc-poller");
        thread.setDaemon(true);
    }

    /** Starts polling; the first read comes after one interval (the caller read once already). */
    public void start() {
        thread.start();
    }

    public void refreshNow() {
        synchronized (lock) {
            wake = true;
            lock.notifyAll();
        }
    }

    public void setPaused(boolean p) {
        synchronized (lock) {
            paused = p;
            lock.notifyAll();
        }
    }

    public void setInterval(Duration interval) {
        schedule.setBase(interval);
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    public Duration interval() {
        return schedule.current();
    }

    private void run() {
        while (!closed) {
            if (!waitForNext()) {
                return;
            }
            pollOnce();
        }
    }

    /** One read, its outcome posted as an event. */
    void pollOnce() {
        long t0 = System.nanoTime();
        try {
            AppSnapshot snapshot = readOnce();
            ProcessPaneRows table = sampleProcesses(snapshot);
            Diagnosis diagnosis = diagnose.apply(snapshot, table.table());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            Duration next = schedule.success(ms);
            failing = false;
            post(new SnapshotArrived(diagnosis, table, clock.instant(), ms, next));
        } catch (SourceException e) {
            Duration next = schedule.failure();
            log.info("poll failed (next in " + next.toMillis() + " ms): " + e.getMessage());
            failing = true;
            post(new FetchFailed(e.headline(), e.getMessage(), clock.instant(), next));
        } catch (RuntimeException | OutOfMemoryError e) {
            // a bug in sparkdoc (or an answer too big for its heap), not a fault of the driver: the header
            // must not say "driver unreachable", and polling goes on (the failed read's memory is free again)
            Duration next = schedule.failure();
            log.error("poll failed with an internal error", e);
            post(new FetchFailed(INTERNAL_ERROR, "internal error: " + e + " (details in " + log.file() + ")", clock.instant(), next));
        }
    }

    /**
     * A read, tried a second time at once when the previous one succeeded: a driver restarting on
     * its port, or a connection cut on the way, often answers a moment later. A driver that is
     * really gone fails twice, quickly.
     */
    private AppSnapshot readOnce() {
        try {
            return source.read();
        } catch (SourceException first) {
            if (failing || !first.retryAtOnce()) {
                throw first;
            }
            log.info("read failed, trying once more at once: " + first.getMessage());
            return source.read();
        }
    }

    private ProcessPaneRows sampleProcesses(AppSnapshot snapshot) {
        try {
            return processes.sample(snapshot);
        } catch (RuntimeException e) {
            log.error("process sampling failed", e);
            return ProcessPaneRows.unavailable("process view failed: " + e.getMessage());
        }
    }

    private void post(UiEvent event) {
        if (!closed) {
            sink.accept(event);
        }
    }

    /** Waits one interval (or until woken); false when closed. */
    private boolean waitForNext() {
        synchronized (lock) {
            long deadline = System.nanoTime() + schedule.current().toNanos();
            while (!closed && !wake) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (!paused && left <= 0) {
                    break;
                }
                try {
                    lock.wait(paused ? 0 : Math.max(1, left));
                } catch (InterruptedException e) {
                    return false;
                }
                if (!paused) {
                    // a new interval may have been set while waiting
                    deadline = Math.min(deadline, System.nanoTime() + schedule.current().toNanos());
                }
            }
            wake = false;
            return !closed;
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (lock) {
            lock.notifyAll();
        }
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
