package dev.sparkdoc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.sparkdoc.diff.Change;
import dev.sparkdoc.diff.DiffResult;
import dev.sparkdoc.diff.FindingOutcome;
import dev.sparkdoc.diff.TimeChange;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The diff report as data: what {@code diff --json} prints and the text report shows. The field
 * names are a contract (docs/diff.schema.json); add, never rename. Each run is described as
 * triage describes an application. {@code findings} tells, for every finding of the baseline,
 * whether the current run still has it: the check a fix's "verify" asks for. {@code timeChange}
 * tells the wall-time difference by the time accounts' parts.
 */
@JsonPropertyOrder({"schemaVersion", "tool", "baseline", "current", "verdict", "timeChange", "matched", "changes", "findings"})
public record DiffReport(int schemaVersion, TriageReport.Tool tool, Run baseline, Run current, Verdict verdict,
                         @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<TimeChange> timeChange,
                         DiffResult.Matched matched, List<Change> changes, List<FindingOutcome> findings) {

    public static final int SCHEMA_VERSION = 1;

    public record Run(TriageReport.Source source, TriageReport.App application) {
    }

    /**
     * @param worse       slower beyond the threshold, or a job failed that did not before: exit 1
     * @param significant some change is beyond noise
     */
    @JsonPropertyOrder({"worse", "significant", "summary", "baselineWallMs", "currentWallMs", "deltaMs", "threshold"})
    public record Verdict(boolean worse, boolean significant, String summary, long baselineWallMs, long currentWallMs,
                          long deltaMs, double threshold) {
    }

    /** @param all keep the changes within noise too (text shows only significant ones unless asked) */
    public static DiffReport of(DiffResult d, String toolVersion, boolean all) {
        List<Change> shown = all ? d.changes() : d.significant();
        return new DiffReport(SCHEMA_VERSION, new TriageReport.Tool("sparkdoc", toolVersion), run(d.baseline()),
                run(d.current()), verdict(d), TimeChange.of(d.baseline(), d.current()), d.matched(), shown, d.findings());
    }

    private static Run run(Diagnosis diagnosis) {
        TriageReport t = TriageReport.of(diagnosis, "", Severity.CRITICAL, 0);
        return new Run(t.source(), t.application());
    }

    /** "stage 5 \"…\": took +2.1 s …", or the title alone where it names its subject (a property, a version). */
    static String headline(Change c) {
        boolean titleSaysWhere = c.title().toLowerCase(Locale.ROOT).contains(c.where().toLowerCase(Locale.ROOT));
        return titleSaysWhere ? c.title() : c.where() + ": " + c.title();
    }

    private static Verdict verdict(DiffResult d) {
        List<Change> significant = d.significant();
        String wall = DurationFormat.of(d.baselineWallMs()) + " → " + DurationFormat.of(d.currentWallMs());
        double pct = d.baselineWallMs() == 0 ? 0 : 100.0 * d.deltaMs() / d.baselineWallMs();
        String delta = String.format(Locale.ROOT, "%s %s (%+.0f %%, %s)", DurationFormat.of(Math.abs(d.deltaMs())),
                d.deltaMs() >= 0 ? "slower" : "faster", pct, wall);
        String first = significant.isEmpty() ? "" : ": " + headline(significant.get(0));
        String summary;
        if (d.worse()) {
            summary = "current run is worse, " + delta + first;
        } else if (significant.isEmpty()) {
            summary = "no significant difference (" + wall + ")";
        } else {
            summary = "not worse beyond " + Math.round(d.threshold() * 100) + " %, " + delta + "; "
                    + significant.size() + " change(s)" + first;
        }
        return new Verdict(d.worse(), !significant.isEmpty(), summary, d.baselineWallMs(), d.currentWallMs(), d.deltaMs(),
                d.threshold());
    }
}
