package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Reads the local processes on its own thread when asked ({@link Effect.SampleProcesses}): while
 * the driver does not answer, the poller has no snapshot to sample them with, and a driver that
 * died would stay listed with its last CPU figure. One sample at a time; an ask while one runs is
 * dropped, the next failed read asks again.
 */
final class ProcessWatch implements AutoCloseable {

    private final ProcessFeed feed;
    private final Consumer<UiEvent> sink;
    private final AttachLog log;
    private final AtomicBoolean busy = new AtomicBoolean();
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sparkdoc-processes");
        t.setDaemon(true);
        return t;
    });

    ProcessWatch(ProcessFeed feed, Consumer<UiEvent> sink, AttachLog log) {
        this.feed = feed;
        this.sink = sink;
        this.log = log;
    }

    void sample(AppSnapshot snapshot) {
        if (!busy.compareAndSet(false, true)) {
            return;
        }
        thread.execute(() -> {
            try {
                sink.accept(new UiEvent.ProcessesSampled(feed.sample(snapshot)));
            } catch (RuntimeException e) {
                log.error("process sampling failed", e);
                sink.accept(new UiEvent.ProcessesSampled(ProcessPaneRows.unavailable("process view failed: " + e.getMessage())));
            } finally {
                busy.set(false);
            }
        });
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
