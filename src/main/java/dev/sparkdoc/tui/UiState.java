package dev.sparkdoc.tui;

import dev.sparkdoc.rules.Diagnosis;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the screen shows, immutable: events fold into a new state ({@link Update}) and views
 * are pure functions of it. Selections and sort orders are kept per pane, so switching panes
 * and back finds the rows where they were; a selection follows its item, not a row number.
 */
public record UiState(
        int width,
        int height,
        Instant now,
        Optional<Diagnosis> diagnosis,
        ProcessPaneRows processes,
        PollStatus poll,
        Pane pane,
        Map<Pane, Selection> selected,
        Map<Pane, Integer> sort,
        Optional<Drill> drill,
        String filter,
        boolean editingFilter,
        boolean help,
        Optional<CopyBox> copy,
        boolean quit,
        DriverHeap heap) {

    public UiState {
        selected = copy(selected, Selection.FIRST);
        sort = copy(sort, 0);
    }

    public static UiState initial(PollStatus poll, int width, int height, Instant now) {
        return new UiState(width, height, now, Optional.empty(), ProcessPaneRows.NOT_YET, poll, Pane.FINDINGS,
                Map.of(), Map.of(), Optional.empty(), "", false, false, Optional.empty(), false, DriverHeap.NONE);
    }

    private static <T> Map<Pane, T> copy(Map<Pane, T> m, T none) {
        EnumMap<Pane, T> c = new EnumMap<>(Pane.class);
        for (Pane p : Pane.values()) {
            c.put(p, m.getOrDefault(p, none));
        }
        return java.util.Collections.unmodifiableMap(c);
    }

    /** The pane's selection as kept; {@link Rows#selected} finds its row among the rows there are now. */
    public Selection selected(Pane p) {
        return selected.get(p);
    }

    public int sort(Pane p) {
        return sort.get(p);
    }

    public UiState withSize(int w, int h) {
        return new UiState(w, h, now, diagnosis, processes, poll, pane, selected, sort, drill, filter, editingFilter, help, copy, quit, heap);
    }

    public UiState withNow(Instant t) {
        return new UiState(width, height, t, diagnosis, processes, poll, pane, selected, sort, drill, filter, editingFilter, help, copy, quit, heap);
    }

    public UiState withData(Diagnosis d, ProcessPaneRows p) {
        return new UiState(width, height, now, Optional.of(d), p, poll, pane, selected, sort, drill, filter, editingFilter, help, copy, quit, heap);
    }

    public UiState withProcesses(ProcessPaneRows p) {
        return new UiState(width, height, now, diagnosis, p, poll, pane, selected, sort, drill, filter, editingFilter, help, copy, quit, heap);
    }

    public UiState withPoll(PollStatus p) {
        return new UiState(width, height, now, diagnosis, processes, p, pane, selected, sort, drill, filter, editingFilter, help, copy, quit, heap);
    }

    /** Another pane: any open drill closes and the filter clears (it belonged to the old rows). */
    public UiState withPane(Pane p) {
        return new UiState(width, height, now, diagnosis, processes, poll, p, selected, sort, Optional.empty(), "", false, help, copy, quit, heap);
    }

    public UiState withSelected(Pane p, Selection selection) {
        EnumMap<Pane, Selection> m = new EnumMap<>(selected);
        m.put(p, selection);
        return new UiState(width, height, now, diagnosis, processes, poll, pane, m, sort, drill, filter, editingFilter, help, copy, quit, heap);
    }

    public UiState withSort(Pane p, int index) {
        EnumMap<Pane, Integer> m = new EnumMap<>(sort);
        m.put(p, index);
        return new UiState(width, height, now, diagnosis, processes, poll, pane, selected, m, drill, filter, editingFilter, help, copy, quit, heap);
    }

    public UiState withDrill(Optional<Drill> d) {
        return new UiState(width, height, now, diagnosis, processes, poll, pane, selected, sort, d, filter, editingFilter, help, copy, quit, heap);
    }

    public UiState withFilter(String text, boolean editing) {
        return new UiState(width, height, now, diagnosis, processes, poll, pane, selected, sort, drill, text, editing, help, copy, quit, heap);
    }

    public UiState withHelp(boolean h) {
        return new UiState(width, height, now, diagnosis, processes, poll, pane, selected, sort, drill, filter, editingFilter, h, copy, quit, heap);
    }

    public UiState withCopy(Optional<CopyBox> c) {
        return new UiState(width, height, now, diagnosis, processes, poll, pane, selected, sort, drill, filter, editingFilter, help, c, quit, heap);
    }

    /** The driver heap histogram's state, kept across panes and polls until the user asks again. */
    public UiState withHeap(DriverHeap h) {
        return new UiState(width, height, now, diagnosis, processes, poll, pane, selected, sort, drill, filter, editingFilter, help, copy, quit, h);
    }

    public UiState quitting() {
        return new UiState(width, height, now, diagnosis, processes, poll, pane, selected, sort, drill, filter, editingFilter, help, copy, true, heap);
    }
}
