package dev.sparkdoc.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.screen.TerminalScreen;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.redact.RedactingStream;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.LoadingRetry;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BiFunction;

/**
 * {@code sparkdoc attach}: reads the application once (a target that cannot be read fails like
 * {@code triage}, before the screen is taken), then owns the screen, polls a live target and
 * gives the terminal back on every way out.
 */
public final class AttachSession {

    /**
     * @param target   what the user pointed at, for the header
     * @param still    an event log or snapshot file: shown as read, never polled
     * @param glyphs   ASCII when the locale is not UTF-8
     */
    public record Settings(String target, boolean still, Duration interval, Palette palette, Glyphs glyphs) {
    }

    private AttachSession() {
    }

    /** @param logs reads executors' log links for the logs view ({@code ExecutorLogReader::tail}); empty: none */
    public static void run(SnapshotSource source, BiFunction<AppSnapshot, Optional<ProcessTable>, Diagnosis> diagnose, ProcessFeed feed,
                           Settings settings, AttachLog log, Optional<LogsFeed.Reader> logs) throws IOException, InterruptedException {
        Clock clock = Clock.systemUTC();
        long t0 = System.nanoTime();
        // before the screen is taken: progress lines may still go to stderr
        AppSnapshot first = LoadingRetry.read(source, line -> System.err.println("sparkdoc: " + line));
        long readMs = (System.nanoTime() - t0) / 1_000_000;
        ProcessPaneRows processes = settings.still() ? ProcessPaneRows.unavailable("no local processes: this is a recording")
                .withDriverJvm(DriverJvm.none("this is a recording: there is no running driver JVM to read")) : feed.sample(first);
        Diagnosis diagnosis = diagnose.apply(first, processes.table());
        PollSchedule schedule = new PollSchedule(settings.interval());
        PollStatus poll = settings.still() ? PollStatus.still(settings.target()) : PollStatus.live(settings.target(), settings.interval());

        OutputStream terminalOut = System.out;
        GuardedTerminal terminal = new GuardedTerminal(System.in, terminalOut, settings.glyphs().charset());
        TerminalScreen screen = new TerminalScreen(terminal);
        Files.createDirectories(log.file().getParent());
        log.info("attach " + settings.target() + " (interval " + settings.interval().toMillis() + " ms)");
        BlockingQueue<UiEvent> events = new LinkedBlockingQueue<>();
        Optional<UiLoop.Live> live = Optional.empty();
        LogsFeed logsFeed = logs.map(r -> new LogsFeed(r, events::add, clock)).orElseGet(() -> LogsFeed.none(events::add));
        try (PrintStream logStream = new PrintStream(new RedactingStream(new FileOutputStream(log.file().toFile(), true)), true, StandardCharsets.UTF_8);
             TerminalGuard guard = new TerminalGuard(screen, terminal, logStream)) {
            TerminalSize size = screen.getTerminalSize();
            UiState state = Update.apply(UiState.initial(poll, size.getColumns(), size.getRows(), clock.instant()),
                    // the first read pays for a cold JVM: it says nothing about the driver's pace
                    new UiEvent.SnapshotArrived(diagnosis, processes, clock.instant(), readMs, settings.interval())).state();
            if (!settings.still()) {
                live = Optional.of(new UiLoop.Live(new Poller(source, diagnose, feed, events::add, schedule, clock, log),
                        new ProcessWatch(feed, events::add, log), new HeapReader(HeapAccess.JCMD, events::add, clock, log)));
                live.get().poller().start();
            }
            new UiLoop(screen, new LanternaBackend(screen, settings.palette()), guard, events, live, terminalOut, clock,
                    settings.glyphs(), logsFeed).run(state);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            log.error("attach ended with an error", e);
            throw e;
        } finally {
            logsFeed.close();
            live.ifPresent(l -> {
                l.poller().close();
                l.processes().close();
                l.heap().close();
            });
        }
        log.info("attach ended");
    }
}
