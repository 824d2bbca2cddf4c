package dev.sparkdoc.tui;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.tui.UiEvent.FetchFailed;
import dev.sparkdoc.tui.UiEvent.Pressed;
import dev.sparkdoc.tui.UiEvent.ProcessesSampled;
import dev.sparkdoc.tui.UiEvent.Resized;
import dev.sparkdoc.tui.UiEvent.SnapshotArrived;
import dev.sparkdoc.tui.UiEvent.Tick;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Folds one event into the state (the Elm/Bubble Tea "update"); side effects come back as data. */
public final class Update {

    /** The intervals {@code +} and {@code -} step through. */
    static final List<Duration> INTERVALS = List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5),
            Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60));

    public record Step(UiState state, List<Effect> effects) {
        static Step of(UiState s, Effect... effects) {
            return new Step(s, List.of(effects));
        }
    }

    private Update() {
    }

    public static Step apply(UiState s, UiEvent event) {
        if (event instanceof Resized r) {
            return Step.of(s.withSize(r.width(), r.height()));
        }
        if (event instanceof Tick t) {
            return Step.of(s.withNow(t.now()));
        }
        if (event instanceof SnapshotArrived a) {
            return Step.of(follow(s.withData(a.diagnosis(), a.processes()).withPoll(s.poll().succeeded(a.at(), a.fetchMs(), a.next()))));
        }
        if (event instanceof FetchFailed f) {
            UiState failed = s.withPoll(s.poll().failed(f.at(), f.headline(), f.message(), f.next()));
            // the poller samples processes with a snapshot only: without one, a driver that died
            // would stay in the processes pane with its last CPU figure
            if (s.diagnosis().isEmpty()) {
                return Step.of(failed);
            }
            var snap = s.diagnosis().get().snapshot();
            // a driver that is gone may have ended cleanly: its event log's name says so
            boolean gone = f.headline().equals(SourceFault.UNREACHABLE.headline()) && failed.poll().endedLog().isEmpty();
            return gone ? Step.of(failed, new Effect.SampleProcesses(snap), new Effect.LookForEndedLog(snap))
                    : Step.of(failed, new Effect.SampleProcesses(snap));
        }
        if (event instanceof UiEvent.LogShowsEnded e) {
            return Step.of(s.withPoll(s.poll().withEndedLog(e.log())));
        }
        if (event instanceof UiEvent.CopyReported c) {
            return Step.of(s.withCopy(s.copy().map(box -> box.reported(c.title(), c.note()))));
        }
        if (event instanceof UiEvent.HeapRead h) {
            return DriverHeapKeys.read(s, h);
        }
        if (event instanceof UiEvent.HeapFailed h) {
            return DriverHeapKeys.failed(s, h);
        }
        if (event instanceof UiEvent.LogsRead r) {
            return Step.of(LogsKeys.arrived(s, r));
        }
        if (event instanceof ProcessesSampled p) {
            // a snapshot that arrived meanwhile brought its own, fresher sample
            return Step.of(s.poll().failing() ? follow(s.withProcesses(p.processes())) : s);
        }
        return key(s, ((Pressed) event).key());
    }

    private static Step key(UiState s, KeyInput key) {
        if (key.ctrl() && key.ch() == 'c') {
            return Step.of(s.quitting(), new Effect.Quit());
        }
        if (s.editingFilter()) {
            return Step.of(filterKey(s, key));
        }
        if (DriverHeapKeys.asking(s)) {
            return DriverHeapKeys.answer(s, key);
        }
        Optional<Action> action = Action.of(key);
        if (s.copy().isPresent() || s.help()) {
            // an overlay takes any key as "close"; q still quits, ? toggles help
            if (action.filter(a -> a == Action.QUIT).isPresent()) {
                return Step.of(s.quitting(), new Effect.Quit());
            }
            return Step.of(s.withCopy(Optional.empty()).withHelp(false));
        }
        return action.map(a -> act(s, a)).orElse(Step.of(s));
    }

    private static UiState filterKey(UiState s, KeyInput key) {
        return switch (key.kind()) {
            case ENTER -> s.withFilter(s.filter(), false);
            case ESCAPE -> follow(s.withFilter("", false));
            case BACKSPACE -> follow(s.withFilter(s.filter().isEmpty() ? "" : s.filter().substring(0, s.filter().length() - 1), true));
            case CHAR -> key.ctrl() ? s : select(s.withFilter(s.filter() + key.ch(), true), s.pane(), 0);
            default -> s;
        };
    }

    private static Step act(UiState s, Action a) {
        return switch (a) {
            case UP -> Step.of(move(s, -1));
            case DOWN -> Step.of(move(s, 1));
            case PAGE_UP -> Step.of(move(s, -page(s)));
            case PAGE_DOWN -> Step.of(move(s, page(s)));
            case TOP -> Step.of(move(s, -1_000_000));
            case BOTTOM -> Step.of(move(s, 1_000_000));
            case NEXT_PANE -> Step.of(s.withPane(s.pane().next()));
            case PREVIOUS_PANE -> Step.of(s.withPane(s.pane().previous()));
            case FINDINGS -> Step.of(s.withPane(Pane.FINDINGS));
            case STAGES -> Step.of(s.withPane(Pane.STAGES));
            case EXECUTORS -> Step.of(s.withPane(Pane.EXECUTORS));
            case PROCESSES -> Step.of(s.withPane(Pane.PROCESSES));
            case OPEN -> s.drill().isEmpty() && s.pane() == Pane.EXECUTORS ? LogsKeys.open(s) : Step.of(open(s));
            case LOGS -> LogsKeys.open(s);
            case BACK -> Step.of(back(s));
            case COPY -> copy(s);
            case HEAP -> DriverHeapKeys.pressed(s);
            case FILTER -> Step.of(s.drill().isPresent() ? s : s.withFilter(s.filter(), true));
            // the selected item stays selected in the new order, wherever it moved
            case SORT -> Step.of(s.drill().isPresent() ? s
                    : follow(s.withSort(s.pane(), (s.sort(s.pane()) + 1) % Rows.sortCount(s.pane()))));
            case PAUSE -> pause(s);
            case SLOWER -> interval(s, 1);
            case FASTER -> interval(s, -1);
            case REFRESH -> s.drill().filter(d -> d.pane() == Pane.EXECUTORS).isPresent() ? LogsKeys.again(s)
                    : s.poll().still() ? Step.of(s) : Step.of(s, new Effect.RefreshNow());
            case HELP -> Step.of(s.withHelp(true));
            case QUIT -> Step.of(s.quitting(), new Effect.Quit());
        };
    }

    private static int page(UiState s) {
        return Math.max(1, s.height() - Layout.CHROME_ROWS - 2);
    }

    private static UiState move(UiState s, int delta) {
        if (s.drill().isPresent()) {
            Drill d = s.drill().get();
            int limit = d.pane() == Pane.FINDINGS
                    ? Rows.finding(s, d.key()).map(f -> f.remedies().size() - 1).orElse(0)
                    : d.pane() == Pane.EXECUTORS ? LogsView.maxScroll(s) : StageDetailView.maxScroll(s);
            return s.withDrill(Optional.of(d.withCursor(Math.max(0, Math.min(limit, d.cursor() + delta)))));
        }
        return select(s, s.pane(), Rows.selected(s, s.pane()) + delta);
    }

    /** Selects the item on row {@code index} (clamped to the rows there are). */
    private static UiState select(UiState s, Pane pane, int index) {
        return s.withSelected(pane, Rows.selectionAt(s, pane, index));
    }

    /**
     * Every pane's selection re-found after its rows changed (a poll, a sort, a filter): the
     * cursor stays on its stage, executor, finding or process while rows are inserted above it.
     */
    static UiState follow(UiState s) {
        UiState out = s;
        for (Pane p : Pane.values()) {
            out = out.withSelected(p, Rows.follow(s, p));
        }
        return out;
    }

    private static UiState open(UiState s) {
        if (s.drill().isPresent()) {
            return s;
        }
        return switch (s.pane()) {
            case FINDINGS -> Rows.selectedFinding(s).map(f -> s.withDrill(Optional.of(new Drill(Pane.FINDINGS, Rows.key(f), 0)))).orElse(s);
            case STAGES -> Rows.selectedStage(s).map(st -> s.withDrill(Optional.of(new Drill(Pane.STAGES, st.key(), 0)))).orElse(s);
            default -> s;
        };
    }

    private static UiState back(UiState s) {
        if (s.drill().isPresent()) {
            return s.withDrill(Optional.empty());
        }
        return s.filter().isEmpty() ? s : follow(s.withFilter("", false));
    }

    private static Step copy(UiState s) {
        Optional<Finding> finding = s.drill().filter(d -> d.pane() == Pane.FINDINGS).flatMap(d -> Rows.finding(s, d.key()))
                .or(() -> s.pane() == Pane.FINDINGS ? Rows.selectedFinding(s) : Optional.empty());
        if (finding.isEmpty()) {
            return Step.of(s);
        }
        Finding f = finding.get();
        Optional<Remedy> remedy = s.drill().isPresent()
                ? f.remedies().stream().skip(Math.min(s.drill().get().cursor(), Math.max(0, f.remedies().size() - 1))).findFirst()
                : f.remedies().stream().filter(r -> !r.conf().isEmpty()).findFirst();
        if (remedy.isEmpty() || remedy.get().conf().isEmpty()) {
            return Step.of(s.withCopy(Optional.of(new CopyBox("Nothing to copy",
                    List.of("This fix is not a config change; see its text.")))));
        }
        List<String> lines = Remedies.confLines(remedy.get());
        return Step.of(s.withCopy(Optional.of(new CopyBox("Copying…; or copy by hand:", lines))),
                new Effect.Copy(String.join(" ", lines)));
    }

    private static Step pause(UiState s) {
        if (s.poll().still()) {
            return Step.of(s);
        }
        boolean paused = !s.poll().paused();
        return Step.of(s.withPoll(s.poll().withPaused(paused)), new Effect.SetPaused(paused));
    }

    private static Step interval(UiState s, int direction) {
        if (s.poll().still()) {
            return Step.of(s);
        }
        Duration now = s.poll().interval();
        int i = 0;
        while (i < INTERVALS.size() - 1 && INTERVALS.get(i).compareTo(now) < 0) {
            i++;
        }
        Duration next = INTERVALS.get(Math.max(0, Math.min(INTERVALS.size() - 1, i + direction)));
        return Step.of(s.withPoll(s.poll().withInterval(next)), new Effect.SetInterval(next));
    }
}
