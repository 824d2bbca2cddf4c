package dev.sparkdoc.diff;

import dev.sparkdoc.rules.Diagnosis;
import java.util.List;

/**
 * Two runs compared: their diagnoses, wall times, the changes ranked by how much of the
 * wall-time difference each explains, and whether the current run is worse.
 *
 * @param threshold  the fraction of the baseline's wall time beyond which a slower run is worse
 * @param worse      slower beyond the threshold (and by at least a second), or a job failed that did not before
 * @param findings   what became of each finding of the baseline, in its ranking
 * @param matched    how many stages, jobs and queries were lined up
 */
public record DiffResult(
        Diagnosis baseline,
        Diagnosis current,
        long baselineWallMs,
        long currentWallMs,
        double threshold,
        boolean worse,
        List<Change> changes,
        List<FindingOutcome> findings,
        Matched matched) {

    public DiffResult {
        changes = List.copyOf(changes);
        findings = List.copyOf(findings);
    }

    /** Counts of the alignment: matched pieces and the pieces each run has alone. */
    public record Matched(Count stages, Count jobs, Count queries) {
    }

    public record Count(int matched, int added, int removed) {
        static Count of(Alignment<?> a) {
            return new Count(a.matched().size(), a.added().size(), a.removed().size());
        }
    }

    public long deltaMs() {
        return currentWallMs - baselineWallMs;
    }

    public List<Change> significant() {
        return changes.stream().filter(Change::significant).toList();
    }
}
