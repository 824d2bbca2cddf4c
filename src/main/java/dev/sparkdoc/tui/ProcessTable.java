package dev.sparkdoc.tui;

import java.util.List;
import java.util.Optional;

/** What the processes pane shows: rows, or why there are none. */
public record ProcessTable(List<ProcessRow> rows, Optional<String> unavailable) {

    public static final ProcessTable NOT_YET = unavailable("process view not available yet");

    public ProcessTable {
        rows = List.copyOf(rows);
    }

    public static ProcessTable of(List<ProcessRow> rows) {
        return new ProcessTable(rows, Optional.empty());
    }

    public static ProcessTable unavailable(String why) {
        return new ProcessTable(List.of(), Optional.of(why));
    }
}
