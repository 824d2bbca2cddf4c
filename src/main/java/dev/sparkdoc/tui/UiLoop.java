package dev.sparkdoc.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.Screen;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The UI thread: takes keys, resizes, poll results and clock ticks, folds each into the state,
 * carries out the effects, and draws when the state changed. Only this thread touches the screen.
 */
final class UiLoop {

    private static final long WAIT_MS = 40;
    private static final Duration TICK = Duration.ofSeconds(1);

    private final Screen screen;
    private final LanternaBackend backend;
    private final TerminalGuard guard;
    private final BlockingQueue<UiEvent> events;
    private final Optional<Live> live;
    private final OutputStream terminalOut;
    private final Clock clock;
    private final Glyphs glyphs;
    /** Under tmux a copy goes through tmux itself ({@link Clipboard}): $TMUX is set in its panes. */
    private final boolean inTmux = System.getenv("TMUX") != null && !System.getenv("TMUX").isEmpty();
    private final LogsFeed logs;

    /**
     * What a live target has and a still picture does not: the poller, processes read between
     * snapshots, and the driver heap histogram read on request.
     */
    record Live(Poller poller, ProcessWatch processes, HeapReader heap) {
    }

    UiLoop(Screen screen, LanternaBackend backend, TerminalGuard guard, BlockingQueue<UiEvent> events,
           Optional<Live> live, OutputStream terminalOut, Clock clock, Glyphs glyphs) {
        this(screen, backend, guard, events, live, terminalOut, clock, glyphs, LogsFeed.none(events::add));
    }

    /** @param logs reads an executor's logs off this thread when the logs view asks */
    UiLoop(Screen screen, LanternaBackend backend, TerminalGuard guard, BlockingQueue<UiEvent> events,
           Optional<Live> live, OutputStream terminalOut, Clock clock, Glyphs glyphs, LogsFeed logs) {
        this.logs = logs;
        this.screen = screen;
        this.backend = backend;
        this.guard = guard;
        this.events = events;
        this.live = live;
        this.terminalOut = terminalOut;
        this.clock = clock;
        this.glyphs = glyphs;
    }

    UiState run(UiState initial) throws IOException, InterruptedException {
        UiState s = initial;
        UiState drawn = null;
        Instant lastTick = clock.instant();
        boolean full = true;
        while (!s.quit()) {
            TerminalSize resized = screen.doResizeIfNecessary();
            if (resized != null) {
                s = fold(s, new UiEvent.Resized(resized.getColumns(), resized.getRows()));
                full = true;
            }
            KeyStroke key;
            while (!s.quit() && (key = screen.pollInput()) != null) {
                if (key.getKeyType() == KeyType.EOF) {
                    return s.quitting();   // stdin closed: nobody is there to press q
                }
                UiState before = s;
                s = LanternaKeys.of(key).map(k -> fold(before, new UiEvent.Pressed(k))).orElse(s);
            }
            UiEvent event;
            while ((event = events.poll()) != null) {
                s = fold(s, event);
            }
            Instant now = clock.instant();
            if (Duration.between(lastTick, now).compareTo(TICK) >= 0) {
                s = fold(s, new UiEvent.Tick(now));
                lastTick = now;
            }
            if (s != drawn && !s.quit()) {
                draw(s, full);
                drawn = s;
                full = false;
            }
            UiEvent next = events.poll(WAIT_MS, TimeUnit.MILLISECONDS);
            if (next != null) {
                s = fold(s, next);
            }
        }
        return s;
    }

    private void draw(UiState s, boolean full) throws IOException {
        Frame frame = Views.render(s, glyphs);
        guard.whileOwned(() -> {
            if (full) {
                screen.clear();
            }
            backend.draw(frame);
            if (full) {
                screen.refresh(Screen.RefreshType.COMPLETE);
            }
        });
    }

    private UiState fold(UiState s, UiEvent event) {
        Update.Step step = Update.apply(s, event);
        for (Effect effect : step.effects()) {
            perform(effect);
        }
        return step.state();
    }

    private void perform(Effect effect) {
        if (effect instanceof Effect.RefreshNow) {
            live.ifPresent(l -> l.poller().refreshNow());
        } else if (effect instanceof Effect.SetInterval i) {
            live.ifPresent(l -> l.poller().setInterval(i.interval()));
        } else if (effect instanceof Effect.SetPaused p) {
            live.ifPresent(l -> l.poller().setPaused(p.paused()));
        } else if (effect instanceof Effect.SampleProcesses p) {
            live.ifPresent(l -> l.processes().sample(p.snapshot()));
        } else if (effect instanceof Effect.ReadHeap h) {
            live.ifPresent(l -> l.heap().read(h.pid()));
        } else if (effect instanceof Effect.LookForEndedLog l) {
            dev.sparkdoc.source.EndedLog.find(l.snapshot()).ifPresent(log -> events.add(new UiEvent.LogShowsEnded(log.toString())));
        } else if (effect instanceof Effect.ReadLogs r) {
            logs.read(r.executorId(), r.links());
        } else if (effect instanceof Effect.Copy c) {
            try {
                Clipboard.Outcome[] outcome = new Clipboard.Outcome[1];
                guard.whileOwned(() -> outcome[0] = Clipboard.copy(c.text(), inTmux, Clipboard.SYSTEM, terminalOut));
                if (outcome[0] != null) {
                    events.add(new UiEvent.CopyReported(outcome[0].title(), outcome[0].note()));
                }
            } catch (IOException e) {
                // the text is on screen for manual copy anyway
                events.add(new UiEvent.CopyReported("Not copied (" + e.getMessage() + "); copy by hand:", "The terminal refused the write."));
            }
        }
    }
}
