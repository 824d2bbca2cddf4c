package dev.sparkdoc.cli;

import dev.sparkdoc.rules.Severity;
import picocli.CommandLine.Option;

/** Which findings a report shows, and which of them fail the run: {@code triage} and {@code fleet}. */
final class FindingOptions {

    @Option(names = "--all", description = "also show info-level findings")
    boolean all;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10", converter = NumberOptions.AtLeastOne.class, description = "show at most N findings (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "critical", converter = FailLevel.Converter.class,
            description = "exit 1 when a finding is at or above LEVEL: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    FailLevel failOn;

    /** The lowest severity shown. */
    Severity minimum() {
        return all ? Severity.INFO : Severity.WARNING;
    }

    int top() {
        return top;
    }

    /** Findings at or above it exit 1. */
    Severity threshold() {
        return failOn.severity();
    }
}
