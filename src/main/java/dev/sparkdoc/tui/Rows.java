package dev.sparkdoc.tui;

import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.signals.StageSignals;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The rows each pane lists, filtered and sorted as the state says. The key handling and the
 * views both read rows from here, so "the selected row" means the same thing to both.
 */
public final class Rows {

    private record Order<T>(String name, Comparator<T> comparator) {
    }

    private static final List<Order<Finding>> FINDING_ORDERS = List.of(
            new Order<>("impact", (a, b) -> 0),   // the diagnosis is already ranked by seconds lost
            new Order<>("severity", Comparator.comparing(Finding::severity).reversed()
                    .thenComparing(Comparator.comparingDouble(Finding::secondsLost).reversed())),
            new Order<>("family", Comparator.comparing(Finding::family)));


    /** The stage orders; "skew" reads each stage's fact, so it sorts by what the SKEW column shows. */
    private static List<Order<Stage>> stageOrders(ToDoubleFunction<Stage> skew) {
        return List.of(
                new Order<>("active, recent", Comparator.comparing((Stage s) -> s.status() != StageStatus.ACTIVE)
                        .thenComparing(Comparator.comparingInt(Stage::stageId).reversed())
                        .thenComparing(Comparator.comparingInt(Stage::attemptId).reversed())),
                new Order<>("task time", Comparator.comparingLong((Stage s) -> s.totals().executorRunTimeMs()).reversed()),
                new Order<>("skew", Comparator.comparingDouble(skew).reversed()));
    }

    private static final List<Order<Executor>> EXECUTOR_ORDERS = List.of(
            new Order<>("id", Comparator.comparing((Executor e) -> !e.isDriver())
                    .thenComparing(e -> e.id().length()).thenComparing(Executor::id)),
            new Order<>("failed tasks", Comparator.comparingInt(Executor::failedTasks).reversed()),
            new Order<>("GC %", Comparator.comparingDouble(Rows::gcFraction).reversed()),
            new Order<>("memory", Comparator.comparingLong(Executor::memoryUsed).reversed()),
            new Order<>("shuffle read", Comparator.comparingLong(Executor::totalShuffleRead).reversed()));

    private static final List<Order<ProcessRow>> PROCESS_ORDERS = List.of(
            new Order<>("tree", (a, b) -> 0),   // the feed lists each JVM with its Python processes under it
            new Order<>("CPU", Comparator.comparingDouble((ProcessRow p) -> p.cpuPercent().orElse(-1)).reversed()),
            new Order<>("RSS", Comparator.comparingLong((ProcessRow p) -> p.rssBytes().orElse(-1)).reversed()),
            new Order<>("pid", Comparator.comparingLong(ProcessRow::pid)));

    private Rows() {
    }

    public static List<Finding> findings(UiState s) {
        List<Finding> all = s.diagnosis().map(d -> d.findings()).orElse(List.of());
        return select(all, () -> all, s, Pane.FINDINGS, FINDING_ORDERS,
                f -> f.title() + " " + f.rule() + " " + f.family() + " " + f.scope().label());
    }

    public static List<Stage> stages(UiState s) {
        List<Stage> source = s.diagnosis().map(d -> d.snapshot().stages()).orElse(List.of());
        return select(source, () -> source.stream().filter(st -> st.status() != StageStatus.SKIPPED).toList(), s, Pane.STAGES, stageOrders(st -> skew(s, st)),
                st -> st.stageId() + " " + st.name() + " " + StagesView.name(s, st) + " " + st.status());
    }

    public static List<Executor> executors(UiState s) {
        List<Executor> all = s.diagnosis().map(d -> d.snapshot().executors()).orElse(List.of());
        return select(all, () -> all, s, Pane.EXECUTORS, EXECUTOR_ORDERS, e -> e.id() + " " + e.hostPort());
    }

    public static List<ProcessRow> processes(UiState s) {
        return select(s.processes().rows(), () -> s.processes().rows(), s, Pane.PROCESSES, PROCESS_ORDERS,
                p -> p.pid() + " " + p.role() + " " + p.executorId().orElse("") + " " + p.command());
    }

    /** How many rows the pane lists now. */
    public static int count(UiState s, Pane pane) {
        return switch (pane) {
            case FINDINGS -> findings(s).size();
            case STAGES -> stages(s).size();
            case EXECUTORS -> executors(s).size();
            case PROCESSES -> processes(s).size();
        };
    }

    /**
     * The selected row's index within the rows there are now (they change with every poll and
     * sort): the selected item's row while it is listed, else the row nearest to where it was.
     */
    public static int selected(UiState s, Pane pane) {
        Selection sel = s.selected(pane);
        List<String> keys = rowKeys(s, pane);
        int found = sel.key().map(keys::indexOf).orElse(-1);
        return found >= 0 ? found : Math.max(0, Math.min(sel.index(), keys.size() - 1));
    }

    /** The selection at row {@code index} (clamped to the rows there are): that row's item, and where it is. */
    public static Selection selectionAt(UiState s, Pane pane, int index) {
        List<String> keys = rowKeys(s, pane);
        int i = Math.max(0, Math.min(index, keys.size() - 1));
        return new Selection(i, keys.isEmpty() ? Optional.empty() : Optional.of(keys.get(i)));
    }

    /**
     * The selection re-found among the rows there are now: on its item's row, or, once the item
     * is gone, on the row nearest to where it was (which is then the item it follows). A cursor
     * the user never moved stays on the top row, where the newest and costliest items come.
     */
    public static Selection follow(UiState s, Pane pane) {
        Selection sel = s.selected(pane);
        if (sel.key().isEmpty() && sel.index() == 0) {
            return sel;
        }
        return rowKeys(s, pane).isEmpty() ? sel : selectionAt(s, pane, selected(s, pane));
    }

    /** Each row's identity, in the order shown: what a selection follows across refreshes and sorts. */
    static List<String> rowKeys(UiState s, Pane pane) {
        return switch (pane) {
            case FINDINGS -> findings(s).stream().map(Rows::key).toList();
            case STAGES -> stages(s).stream().map(Stage::key).toList();
            case EXECUTORS -> executors(s).stream().map(Executor::id).toList();
            case PROCESSES -> processes(s).stream().map(p -> Long.toString(p.pid())).toList();
        };
    }

    public static Optional<Finding> selectedFinding(UiState s) {
        List<Finding> rows = findings(s);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(selected(s, Pane.FINDINGS)));
    }

    public static Optional<Stage> selectedStage(UiState s) {
        List<Stage> rows = stages(s);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(selected(s, Pane.STAGES)));
    }

    public static int sortCount(Pane pane) {
        return switch (pane) {
            case FINDINGS -> FINDING_ORDERS.size();
            case STAGES -> stageOrders(st -> 0).size();
            case EXECUTORS -> EXECUTOR_ORDERS.size();
            case PROCESSES -> PROCESS_ORDERS.size();
        };
    }

    public static String sortName(Pane pane, int index) {
        return switch (pane) {
            case FINDINGS -> FINDING_ORDERS.get(index % FINDING_ORDERS.size()).name();
            case STAGES -> stageOrders(st -> 0).get(index % stageOrders(st -> 0).size()).name();
            case EXECUTORS -> EXECUTOR_ORDERS.get(index % EXECUTOR_ORDERS.size()).name();
            case PROCESSES -> PROCESS_ORDERS.get(index % PROCESS_ORDERS.size()).name();
        };
    }

    /** A finding as a drill key: the rule and the scope it fired on. */
    public static String key(Finding f) {
        return f.rule() + "@" + f.scope().id();
    }

    public static Optional<Finding> finding(UiState s, String key) {
        return s.diagnosis().flatMap(d -> d.findings().stream().filter(f -> key(f).equals(key)).findFirst());
    }

    public static Optional<Stage> stage(UiState s, String key) {
        return s.diagnosis().flatMap(d -> d.snapshot().stages().stream().filter(st -> st.key().equals(key)).findFirst());
    }

    /**
     * Slowest task over the median task, as the fact {@code stage.duration.maxOverP50} has it (the
     * median floored at 100 ms, so a 10 ms median does not make a 600 ms task 60×): the number the
     * skew finding cites. 0 where the fact is not measurable (fewer than two tasks finished).
     */
    public static double skew(UiState s, Stage st) {
        return s.diagnosis().flatMap(d -> d.facts().find(ScopeKind.STAGE, st.key()))
                .map(f -> f.value(StageSignals.DURATION_MAX_OVER_P50).orElse(0))
                .orElse(0.0);
    }

    public static double gcFraction(Executor e) {
        return e.totalDurationMs() <= 0 ? 0 : (double) e.totalGcTimeMs() / e.totalDurationMs();
    }

    public static Optional<AppSnapshot> snapshot(UiState s) {
        return s.diagnosis().map(d -> d.snapshot());
    }

    /**
     * The rows of a pane from what it lists ({@code source}: the snapshot's or the sample's own list),
     * kept until that list, the filter or the sort changes: a frame and the key handling ask for the
     * same rows several times (the table, the selected row, the selection to follow), and on an app
     * of 100,000s of stages each asking filters and sorts them all again.
     */
    private static <T> List<T> select(List<?> source, Supplier<List<T>> all, UiState s, Pane pane, List<Order<T>> orders,
            Function<T, String> text) {
        String needle = pane == s.pane() ? s.filter().toLowerCase(Locale.ROOT) : "";
        int sort = s.sort(pane) % orders.size();
        synchronized (LAST) {
            Listed last = LAST.get(pane);
            if (last != null && last.source() == source && last.needle().equals(needle) && last.sort() == sort) {
                @SuppressWarnings("unchecked")
                List<T> rows = (List<T>) last.rows();
                return rows;
            }
        }
        Comparator<T> order = orders.get(sort).comparator();
        List<T> rows = all.get().stream()
                .filter(row -> needle.isEmpty() || text.apply(row).toLowerCase(Locale.ROOT).contains(needle))
                .sorted(order)
                .toList();
        synchronized (LAST) {
            LAST.put(pane, new Listed(source, needle, sort, rows));
        }
        return rows;
    }

    /** A pane's rows and what they were made from; the source is compared by identity (snapshots never change). */
    private record Listed(Object source, String needle, int sort, List<?> rows) {
    }

    private static final Map<Pane, Listed> LAST = new EnumMap<>(Pane.class);
}
