package dev.sparkdoc.fleet;

import dev.sparkdoc.rules.Severity;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A fleet triage: the History Server read, the filter applied, and one entry per application,
 * ranked (see {@link FleetRanking}).
 *
 * @param target  the History Server as the user may see it again (no credentials)
 * @param minimum the lowest severity the ranking and the reports show
 * @param elapsedMs wall time of the whole run, listing included
 */
public record FleetRun(String target, Instant takenAt, Optional<Instant> since, int limit, Severity minimum,
                       List<FleetEntry> entries, long elapsedMs) {

    public FleetRun {
        entries = List.copyOf(entries);
    }

    /** Whether any application has a finding at or above {@code level} (exit code 1). */
    public boolean anyAtLeast(Severity level) {
        return entries.stream().anyMatch(e -> e.anyAtLeast(level));
    }

    /** Applications were listed but none could be read: the server is as good as unreadable. */
    public boolean allFailed() {
        return !entries.isEmpty() && entries.stream().allMatch(FleetEntry::failed);
    }

    public long failures() {
        return entries.stream().filter(FleetEntry::failed).count();
    }
}
