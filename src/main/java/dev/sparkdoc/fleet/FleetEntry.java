package dev.sparkdoc.fleet;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.model.ListedApplication;
import java.util.List;
import java.util.Optional;

/**
 * One application of a fleet run: its diagnosis, or the one-line reason it could not be read.
 *
 * @param ranked the findings at or above the run's minimum level, in the diagnosis's order (most
 *               seconds lost first); what the ranking and the table use
 */
public record FleetEntry(ListedApplication listed, Optional<Diagnosis> diagnosis, List<Finding> ranked,
                         Optional<String> error) {

    public FleetEntry {
        ranked = List.copyOf(ranked);
    }

    static FleetEntry read(ListedApplication listed, Diagnosis diagnosis, Severity minimum) {
        return new FleetEntry(listed, Optional.of(diagnosis), diagnosis.atLeast(minimum), Optional.empty());
    }

    static FleetEntry unreadable(ListedApplication listed, String message) {
        return new FleetEntry(listed, Optional.empty(), List.of(), Optional.of(message));
    }

    /**
     * This entry without its diagnosis (the whole snapshot): what a fleet over thousands of logs
     * keeps once the report's row is made. Its {@link #anyAtLeast} is false from then on.
     */
    public FleetEntry withoutDiagnosis() {
        return new FleetEntry(listed, Optional.empty(), ranked, error);
    }

    public boolean failed() {
        return error.isPresent();
    }

    /** The finding that costs the most time, among the ranked ones. */
    public Optional<Finding> top() {
        return ranked.stream().findFirst();
    }

    public double topSecondsLost() {
        return top().map(Finding::secondsLost).orElse(0.0);
    }

    /** Seconds lost over all ranked findings (they may overlap: a straggler stage is also a slow stage). */
    public double totalSecondsLost() {
        return ranked.stream().mapToDouble(Finding::secondsLost).sum();
    }

    /** The worst ranked severity; OK when nothing is ranked or the application could not be read. */
    public Severity worst() {
        return ranked.stream().map(Finding::severity).max(Enum::compareTo).orElse(Severity.OK);
    }

    public boolean anyAtLeast(Severity level) {
        return diagnosis.map(d -> !d.atLeast(level).isEmpty()).orElse(false);
    }
}
