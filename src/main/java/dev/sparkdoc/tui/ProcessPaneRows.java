package dev.sparkdoc.tui;

import dev.sparkdoc.proc.ProcessTable;
import java.util.List;
import java.util.Optional;

/**
 * What the processes pane shows: rows, or why there are none; whether the driver's JVM among
 * them can be read for a heap histogram ({@link DriverJvm}); and the sample they came from, for
 * the diagnosis's process rules (a driver's RSS against its limit).
 */
public record ProcessPaneRows(List<ProcessRow> rows, Optional<String> unavailable, DriverJvm driverJvm, Optional<ProcessTable> table) {

    public static final ProcessPaneRows NOT_YET = unavailable("process view not available yet");

    public ProcessPaneRows {
        rows = List.copyOf(rows);
    }

    public static ProcessPaneRows of(List<ProcessRow> rows) {
        return new ProcessPaneRows(rows, Optional.empty(), DriverJvm.none("the driver's JVM is not known here"), Optional.empty());
    }

    public static ProcessPaneRows unavailable(String why) {
        return new ProcessPaneRows(List.of(), Optional.of(why), DriverJvm.none("no driver JVM on this machine to read (" + why + ")"),
                Optional.empty());
    }

    public ProcessPaneRows withDriverJvm(DriverJvm d) {
        return new ProcessPaneRows(rows, unavailable, d, table);
    }

    public ProcessPaneRows withTable(ProcessTable t) {
        return new ProcessPaneRows(rows, unavailable, driverJvm, Optional.of(t));
    }
}
