package dev.sparkdoc.fleet.store;

import java.util.List;

/** What one event log adds to the store: its application and that application's findings. */
public record LogRows(ApplicationRow application, List<FindingRow> findings) {

    public LogRows {
        findings = List.copyOf(findings);
    }
}
