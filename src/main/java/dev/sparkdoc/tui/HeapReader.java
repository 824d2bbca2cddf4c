package dev.sparkdoc.tui;

import dev.sparkdoc.proc.JvmTools;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Runs the driver heap histogram off the UI thread (jcmd waits for a full GC: seconds on a
 * large heap, bounded by {@link JvmTools}' timeout) and posts what came back as an event.
 */
final class HeapReader implements AutoCloseable {

    private final HeapAccess access;
    private final Consumer<UiEvent> events;
    private final Clock clock;
    private final AttachLog log;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sparkdoc-heap");
        t.setDaemon(true);   // a jcmd still running must not keep sparkdoc from exiting
        return t;
    });

    HeapReader(HeapAccess access, Consumer<UiEvent> events, Clock clock, AttachLog log) {
        this.access = access;
        this.events = events;
        this.clock = clock;
        this.log = log;
    }

    void read(long pid) {
        thread.execute(() -> {
            log.info("heap histogram of pid " + pid + " (the user confirmed)");
            try {
                events.accept(new UiEvent.HeapRead(access.histogram(pid), clock.instant()));
            } catch (JvmTools.JvmToolException e) {
                log.info("heap histogram of pid " + pid + " failed: " + e.getMessage());
                events.accept(new UiEvent.HeapFailed(pid, e.getMessage(), clock.instant()));
            } catch (RuntimeException e) {
                log.error("heap histogram of pid " + pid + " failed", e);
                events.accept(new UiEvent.HeapFailed(pid, "sparkdoc could not read it (" + e + "); see attach.log", clock.instant()));
            }
        });
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
