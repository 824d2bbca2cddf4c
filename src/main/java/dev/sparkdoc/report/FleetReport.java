package dev.sparkdoc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.sparkdoc.fleet.FleetEntry;
import dev.sparkdoc.fleet.FleetRun;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.model.ListedApplication;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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

    /**
     * @param unchanged for a folder of event logs with a store: the logs skipped because the store
     *                  already holds them as they are (absent otherwise)
     */
    @JsonPropertyOrder({"kind", "target", "takenAt", "since", "limit", "unchanged"})
    @JsonInclude(JsonInclude.Include.NON_ABSENT)
    public record Source(SourceKind kind, String target, Instant takenAt, Optional<Instant> since, int limit,
                         Optional<Integer> unchanged) {

        public Source(SourceKind kind, String target, Instant takenAt, Optional<Instant> since, int limit) {
            this(kind, target, takenAt, since, limit, Optional.empty());
        }
    }

    /**
     * One application's row made at once, and its entry without the diagnosis: a fleet over a
     * folder keeps these, not the snapshots, so that the heap does not grow with the logs.
     */
    public record Prepared(FleetEntry entry, Entry shown) {
    }

    public static Prepared prepare(FleetEntry e, Severity minimum, String toolVersion, int top) {
        return new Prepared(e.withoutDiagnosis(), entry(0, e, minimum, toolVersion, top));
    }

    /** The report of prepared rows, ranked as {@link #of} ranks a run's entries. */
    public static FleetReport ofPrepared(Source source, Severity minimum, List<Prepared> prepared, String toolVersion) {
        List<Prepared> sorted = prepared.stream()
                .sorted(Comparator.comparing(Prepared::entry, dev.sparkdoc.fleet.FleetRanking.ORDER)).toList();
        FleetRun run = new FleetRun(source.target(), source.takenAt(), source.since(), source.limit(), minimum,
                sorted.stream().map(Prepared::entry).toList(), 0);
        List<Entry> entries = new java.util.ArrayList<>();
        for (Prepared p : sorted) {
            Entry e = p.shown();
            entries.add(new Entry(entries.size() + 1, e.application(), e.verdict(), e.secondsLost(), e.findings(), e.error()));
        }
        Verdict verdict = verdict(run);
        int unchanged = source.unchanged().orElse(0);
        if (entries.isEmpty() && unchanged > 0) {
            verdict = new Verdict(verdict.outcome(), verdict.worstSeverity(), "no new or changed event logs: "
                    + unchanged + (unchanged == 1 ? " is" : " are") + " in the store as they were read (sparkdoc fleet report)",
                    verdict.counts());
        }
        return new FleetReport(SCHEMA_VERSION, new TriageReport.Tool("sparkdoc", toolVersion), source, verdict, entries);
    }

    /**
     * @param worstSeverity the worst finding's level among the applications read; absent when none could be read
     *                      (nothing read is never "ok")
     * @param counts applications by their worst severity, and {@code error} for those that could not be read
     */
    @JsonPropertyOrder({"outcome", "worstSeverity", "summary", "counts"})
    @JsonInclude(JsonInclude.Include.NON_ABSENT)
    public record Verdict(Outcome outcome, Optional<Severity> worstSeverity, String summary, Map<String, Integer> counts) {

        /** What the header says first: the worst level, or UNREADABLE. */
        public String label() {
            return worstSeverity.map(Severity::id).orElse(outcome.id()).toUpperCase(Locale.ROOT);
        }
    }

    /** How much of the History Server's listing was read: every application, some of them, or none. */
    public enum Outcome {
        COMPLETE, PARTIAL, UNREADABLE;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
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
        if (run.allFailed()) {
            return new Verdict(Outcome.UNREADABLE, Optional.empty(), "none of the " + apps(run.entries().size())
                    + " could be read", counts);
        }
        Optional<Worst> worst = worst(run);
        Severity level = worst.map(w -> w.finding().severity()).orElse(Severity.OK);
        return new Verdict(run.failures() == 0 ? Outcome.COMPLETE : Outcome.PARTIAL, Optional.of(level),
                summary(run, worst), counts);
    }

    /** The worst finding of the run and its application. */
    private record Worst(Finding finding, FleetEntry entry) {
    }

    /**
     * The most severe ranked finding, the one losing the most time among equals: the table ranks by
     * time lost, so its first row may hold a warning while a critical finding sits lower.
     */
    private static Optional<Worst> worst(FleetRun run) {
        Comparator<Worst> order = Comparator.comparing((Worst w) -> w.finding().severity())
                .thenComparingDouble(w -> w.finding().secondsLost());
        Optional<Worst> worst = Optional.empty();
        for (FleetEntry e : run.entries()) {
            for (Finding f : e.ranked()) {
                Worst w = new Worst(f, e);
                if (worst.isEmpty() || order.compare(w, worst.get()) > 0) {
                    worst = Optional.of(w);
                }
            }
        }
        return worst;
    }

    private static String summary(FleetRun run, Optional<Worst> worst) {
        int n = run.entries().size();
        if (n == 0) {
            return "no completed applications" + run.since().map(s -> " since " + s).orElse("");
        }
        long read = n - run.failures();
        String scope = run.failures() == 0 ? apps(n) : apps(read) + " read";
        String failed = run.failures() == 0 ? "" : "; " + run.failures() + " of " + n + " could not be read";
        String level = run.minimum().id();
        long flagged = run.entries().stream().filter(e -> !e.ranked().isEmpty()).count();
        if (worst.isEmpty()) {
            return "nothing at " + level + " or above in " + scope + failed;
        }
        return flagged + " of " + scope + " at " + level + " or above; worst: "
                + worst.get().finding().title() + " in " + worst.get().entry().listed().id() + failed;
    }

    static String apps(long n) {
        return n + (n == 1 ? " application" : " applications");
    }
}
