package dev.sparkdoc.fleet.store;

import java.util.List;

/** What one event log gives the fleet store: its application row and its findings' rows. */
public record LogRows(ApplicationRow application, List<FindingRow> findings) {

    public LogRows {
        findings = List.copyOf(findings);
    }
}
