package dev.sparkdoc.fleet;

import java.time.Instant;
import java.util.Comparator;

/**
 * The order of a fleet table: what costs the most time first, as in a single triage. Ties (for
 * example healthy applications, all at 0 s) go by severity, then by time lost over all findings,
 * then the most recently finished first. Applications that could not be read come last: there is
 * nothing to rank them by, and the rows above are the ones to act on.
 */
public final class FleetRanking {

    public static final Comparator<FleetEntry> ORDER = Comparator
            .comparing((FleetEntry e) -> e.failed())
            .thenComparing(Comparator.comparingDouble(FleetEntry::topSecondsLost).reversed())
            .thenComparing(Comparator.comparing(FleetEntry::worst).reversed())
            .thenComparing(Comparator.comparingDouble(FleetEntry::totalSecondsLost).reversed())
            .thenComparing(Comparator.comparing((FleetEntry e) -> e.listed().endTime().orElse(Instant.EPOCH)).reversed())
            .thenComparing(e -> e.listed().id());

    private FleetRanking() {
    }
}
