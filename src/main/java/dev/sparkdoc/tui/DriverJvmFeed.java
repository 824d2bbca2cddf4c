package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import java.util.Optional;

/**
 * The processes feed with the driver JVM's verdict for the heap key: after each sample, on the
 * poller's thread, whether the listed driver can be attached to (a check that reads /proc and
 * sends no signal). A pid found attachable is not checked again.
 */
final class DriverJvmFeed implements ProcessFeed {

    private final ProcessFeed processes;
    private final HeapAccess access;
    private long attachablePid = -1;

    DriverJvmFeed(ProcessFeed processes, HeapAccess access) {
        this.processes = processes;
        this.access = access;
    }

    @Override
    public synchronized ProcessPaneRows sample(AppSnapshot snapshot) {
        ProcessPaneRows rows = processes.sample(snapshot);
        if (rows.unavailable().isPresent()) {
            return rows;
        }
        Optional<ProcessRow> driver = rows.rows().stream().filter(DriverJvmFeed::isDriverJvm).findFirst();
        if (driver.isEmpty()) {
            return rows.withDriverJvm(DriverJvm.none("no driver JVM of " + snapshot.application().id()
                    + " is among its processes on this machine (see the Processes pane)"));
        }
        long pid = driver.get().pid();
        Optional<String> whyNot = pid == attachablePid ? Optional.empty() : access.whyNot(pid);
        attachablePid = whyNot.isEmpty() ? pid : -1;
        return rows.withDriverJvm(DriverJvm.at(pid, whyNot));
    }

    /** The driver JVM's row: "driver", or "└ driver" under its Python parent ({@link LocalProcessFeed}'s roles). */
    static boolean isDriverJvm(ProcessRow row) {
        return row.role().replace("└", "").strip().equals("driver");
    }
}
