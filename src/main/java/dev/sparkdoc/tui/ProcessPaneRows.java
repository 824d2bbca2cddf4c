package dev.sparkdoc.tui;

import java.util.List;
import java.util.Optional;

/** What the processes pane shows: rows, or why there are none. */
public record ProcessPaneRows(List<ProcessRow> rows, Optional<String> unavailable) {

    public static final ProcessPaneRows NOT_YET = unavailable("process view not available yet");

    public ProcessPaneRows {
        rows = List.copyOf(rows);
    }

    public static ProcessPaneRows of(List<ProcessRow> rows) {
        return new ProcessPaneRows(rows, Optional.empty());
    }

    public static ProcessPaneRows unavailable(String why) {
        return new ProcessPaneRows(List.of(), Optional.of(why));
    }
}
