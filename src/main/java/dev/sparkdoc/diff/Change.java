package dev.sparkdoc.diff;

import java.util.List;
import java.util.Optional;

/**
 * One difference between the baseline and the current run.
 *
 * @param title             what changed, in a sentence
 * @param where             what it is about as people read it ({@code stage 5 "…"}, a property)
 * @param baselineId        the baseline's id of the thing (stage "4.0", job "3", query "2"), if it had one
 * @param currentId         the current run's id of it
 * @param secondsExplained  how much of the wall-time difference this accounts for (positive: the
 *                          current run is slower by it); empty for changes without a time of their own
 * @param significant       beyond noise: structural, or large enough to matter
 * @param details           further lines: the numbers, the stages of a changed query, the likely cause
 * @param metrics           the numbers before and after
 */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT)
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"kind", "title", "where", "baselineId", "currentId", "secondsExplained",
        "significant", "details", "metrics"})
public record Change(
        ChangeKind kind,
        String title,
        String where,
        Optional<String> baselineId,
        Optional<String> currentId,
        Optional<Double> secondsExplained,
        boolean significant,
        List<String> details,
        List<Metric> metrics) {

    public Change {
        details = List.copyOf(details);
        metrics = List.copyOf(metrics);
    }

    /** A number in both runs, in {@code unit} (ms, bytes, count, ratio). */
    public record Metric(String name, double before, double after, String unit) {

        /** after / before; 0 when there was nothing before. */
        public double ratio() {
            return before == 0 ? 0 : after / before;
        }
    }

    static Change untimed(ChangeKind kind, String title, String where, List<String> details) {
        return new Change(kind, title, where, Optional.empty(), Optional.empty(), Optional.empty(), true, details, List.of());
    }
}
