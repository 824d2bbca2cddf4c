package dev.sparkdoc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.sparkdoc.fleet.FleetEntry;
import dev.sparkdoc.fleet.FleetRun;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.model.ListedApplication;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fleet triage report as data: what {@code triage --all-apps --json} prints and the table
 * shows. Field names are a contract (docs/triage-fleet.schema.json); each application carries
 * the same {@code application}, {@code verdict} and {@code findings} objects as a single triage.
 */
@JsonPropertyOrder({"schemaVersion", "tool", "source", "verdict", "applications"})
public record FleetReport(int schemaVersion, TriageReport.Tool tool, Source source, Verdict verdict,
                          List<Entry> applications) {

    public static final int SCHEMA_VERSION = 1;

    @JsonPropertyOrder({"kind", "target", "takenAt", "since", "limit"})
    @JsonInclude(JsonInclude.Include.NON_ABSENT)
    public record Source(SourceKind kind, String target, Instant takenAt, Optional<Instant> since, int limit) {
    }

    /**
     * @param counts applications by their worst severity, and {@code error} for those that could not be read
     */
    public record Verdict(Severity worstSeverity, String summary, Map<String, Integer> counts) {
    }

    @JsonPropertyOrder({"id", "name", "sparkVersion", "state", "startTime", "endTime", "durationMs", "attemptId"})
    @JsonInclude(JsonInclude.Include.NON_ABSENT)
    public record App(String id, String name, Optional<String> sparkVersion, String state, Instant startTime,
                      Optional<Instant> endTime, long durationMs, Optional<String> attemptId) {
    }

    /**
     * One ranked application. {@code verdict} is absent, and {@code error} present, when it could not
     * be read.
     *
     * @param secondsLost over all findings shown and hidden at this level (they may overlap)
     */
    @JsonPropertyOrder({"rank", "application", "verdict", "secondsLost", "findings", "error"})
    @JsonInclude(JsonInclude.Include.NON_ABSENT)
    public record Entry(int rank, App application, Optional<TriageReport.Verdict> verdict, double secondsLost,
                        List<Finding> findings, Optional<String> error) {
    }

    /** The report of a run, with at most {@code top} findings per application. */
    public static FleetReport of(FleetRun run, String toolVersion, int top) {
        List<Entry> entries = new java.util.ArrayList<>();
        for (FleetEntry e : run.entries()) {
            entries.add(entry(entries.size() + 1, e, run.minimum(), toolVersion, top));
        }
        return new FleetReport(SCHEMA_VERSION, new TriageReport.Tool("sparkdoc", toolVersion),
                new Source(SourceKind.HISTORY, run.target(), run.takenAt(), run.since(), run.limit()),
                verdict(run), entries);
    }

    private static Entry entry(int rank, FleetEntry e, Severity minimum, String toolVersion, int top) {
        if (e.diagnosis().isEmpty()) {
            return new Entry(rank, listed(e.listed()), Optional.empty(), 0, List.of(), e.error());
        }
        TriageReport single = TriageReport.of(e.diagnosis().get(), toolVersion, minimum, top);
        TriageReport.App a = single.application();
        // the History Server's listing knows the times when the log's head could not say
        App app = new App(a.id(), a.name(), a.sparkVersion(), a.state(), a.startTime().orElse(e.listed().startTime()),
                a.endTime(), a.durationMs().orElse(e.listed().durationMs()), a.attemptId());
        return new Entry(rank, app, Optional.of(single.verdict()), e.totalSecondsLost(), single.findings(), Optional.empty());
    }

    private static App listed(ListedApplication l) {
        return new App(l.id(), l.name(), l.sparkVersion(), l.completed() ? "completed" : "running", l.startTime(),
                l.endTime(), l.durationMs(), l.attemptId());
    }

    private static Verdict verdict(FleetRun run) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Severity level : List.of(Severity.CRITICAL, Severity.WARNING, Severity.INFO, Severity.OK)) {
            counts.put(level.id(), (int) run.entries().stream().filter(e -> !e.failed() && e.worst() == level).count());
        }
        counts.put("error", (int) run.failures());
        Severity worst = run.entries().stream().map(FleetEntry::worst).max(Enum::compareTo).orElse(Severity.OK);
        return new Verdict(worst, summary(run, worst), counts);
    }

    private static String summary(FleetRun run, Severity worst) {
        int n = run.entries().size();
        if (n == 0) {
            return "no completed applications" + run.since().map(s -> " since " + s).orElse("");
        }
        String failed = run.failures() == 0 ? "" : "; " + run.failures() + " could not be read";
        String level = run.minimum().id();
        long flagged = run.entries().stream().filter(e -> !e.ranked().isEmpty()).count();
        if (flagged == 0) {
            return "nothing at " + level + " or above in " + apps(n) + failed;
        }
        FleetEntry first = run.entries().get(0);
        return flagged + " of " + apps(n) + " at " + level + " or above; worst: "
                + first.top().map(Finding::title).orElse("?") + " in " + first.listed().id() + failed;
    }

    static String apps(long n) {
        return n + (n == 1 ? " application" : " applications");
    }
}
