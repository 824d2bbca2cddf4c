package dev.sparkdoc.tui;

import dev.sparkdoc.model.LogTail;
import dev.sparkdoc.report.LogsPage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Reads an executor's log tails off the UI thread, on demand only (the logs view opened, or r in
 * it): never on a poll, never for every executor. One thread, one read at a time; a read asked
 * for while another is on its way replaces any that waits, so a user stepping through executors
 * gets the last one's logs, not a queue. Each read is bounded in bytes and time by the reader
 * (its HTTP client's call timeout); a slow log server delays only the logs view.
 */
public final class LogsFeed implements AutoCloseable {

    /** The tail of one log, a problem (never an exception) when it cannot be read: {@code ExecutorLogReader::tail}. */
    @FunctionalInterface
    public interface Reader {
        LogTail tail(String executorId, String kind, String url, int maxBytes);
    }

    /** What each log's read asks for: as {@code sparkdoc logs} does by default. */
    public static final int BYTES = 64 * 1024;

    /** For a session given no reader: each log says so, in the view, rather than reading forever. */
    static LogsFeed none(Consumer<UiEvent> events) {
        return new LogsFeed((id, kind, url, max) -> new LogTail(id, kind, url, "", java.util.OptionalLong.empty(),
                java.util.OptionalLong.empty(), java.util.Optional.of("this session has no log reader")), events, Clock.systemUTC());
    }

    private record Request(String executorId, Map<String, String> links) {
    }

    private final Reader reader;
    private final Consumer<UiEvent> events;
    private final Clock clock;
    private final AtomicReference<Request> waiting = new AtomicReference<>();
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sparkdoc-logs");
        t.setDaemon(true);
        return t;
    });

    public LogsFeed(Reader reader, Consumer<UiEvent> events, Clock clock) {
        this.reader = reader;
        this.events = events;
        this.clock = clock;
    }

    /** Asks for {@code links}' tails; returns at once, the page comes as a {@link UiEvent.LogsRead}. */
    public void read(String executorId, Map<String, String> links) {
        waiting.set(new Request(executorId, Map.copyOf(links)));
        thread.execute(this::readWaiting);
    }

    private void readWaiting() {
        Request r = waiting.getAndSet(null);
        if (r == null) {
            return;
        }
        List<LogTail> tails = new ArrayList<>();
        // stdout, then stderr, as sparkdoc logs prints them
        r.links().entrySet().stream().sorted(Map.Entry.comparingByKey(Comparator.reverseOrder()))
                .forEach(l -> tails.add(tail(r.executorId(), l.getKey(), l.getValue())));
        events.accept(new UiEvent.LogsRead(r.executorId(), LogsPage.of(tails), clock.instant()));
    }

    /** A reader's bug must not leave the view reading forever: it is the log's problem line instead. */
    private LogTail tail(String id, String kind, String url) {
        try {
            return reader.tail(id, kind, url, BYTES);
        } catch (RuntimeException e) {
            return new LogTail(id, kind, url, "", java.util.OptionalLong.empty(), java.util.OptionalLong.empty(),
                    java.util.Optional.of("the log could not be read: " + e));
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
