package dev.sparkdoc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.sparkdoc.account.TimeAccount;
import dev.sparkdoc.account.WhatIf;
import dev.sparkdoc.account.WhatIfRequest;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.ProfileDump;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.AppContext;
import dev.sparkdoc.signals.ExecutorCounts;
import dev.sparkdoc.signals.ModelSanity;
import dev.sparkdoc.signals.PostMortem;
import dev.sparkdoc.signals.ProfileSummary;
import dev.sparkdoc.signals.UdfProfiles;
import dev.sparkdoc.signals.TimeSignals;
import dev.sparkdoc.signals.WhatIfSignals;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The triage report as data: what {@code triage --json} prints and the text report shows. The
 * field names are a contract with other tools (docs/triage.schema.json); add, never rename.
 */
@JsonPropertyOrder({"schemaVersion", "tool", "source", "application", "verdict", "findings", "timeAccount", "whatIf",
        "profiles"})
public record TriageReport(int schemaVersion, Tool tool, Source source, App application, Verdict verdict,
                           List<Finding> findings,
                           @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<TimeAccount> timeAccount,
                           @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<WhatIf> whatIf,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ProfileSummary> profiles) {

    public TriageReport {
        profiles = List.copyOf(profiles);
    }

    /** The report with the estimate {@code triage --what-if} asked for; none when no stage ran. */
    public TriageReport withWhatIf(Diagnosis d, WhatIfRequest request) {
        Optional<WhatIf> estimate = WhatIfSignals.estimate(AppContext.of(d.snapshot(), d.driverLog()), request);
        return new TriageReport(schemaVersion, tool, source, application, verdict, findings, timeAccount, estimate, profiles);
    }

    /** The report with a PySpark profiler dump ({@code triage --profile-dump}), summed per UDF and joined to the queries. */
    public TriageReport withProfiles(Diagnosis d, ProfileDump dump) {
        return new TriageReport(schemaVersion, tool, source, application, verdict, findings, timeAccount, whatIf,
                UdfProfiles.of(dump, d.snapshot()));
    }

    /** The profiles of UDFs that a finding's queries run: the evidence a python or udf finding gets from the dump. */
    public List<ProfileSummary> profilesOf(Finding f) {
        if (f.scope().kind() != dev.sparkdoc.facts.ScopeKind.SQL || !List.of("python", "udf").contains(f.family())) {
            return List.of();
        }
        java.util.Set<String> ids = new java.util.HashSet<>();
        ids.add(f.scope().id());
        f.alsoIn().forEach(s -> ids.add(s.id()));
        return profiles.stream().filter(p -> p.queries().stream().anyMatch(q -> ids.contains(Long.toString(q)))).toList();
    }

    public static final int SCHEMA_VERSION = 1;

    public record Tool(String name, String version) {
    }

    @JsonPropertyOrder({"kind", "target", "complete", "takenAt"})
    public record Source(SourceKind kind, String target, boolean complete, Instant takenAt, long skippedLines,
                         List<String> notes) {
    }

    /**
     * @param startTime  absent, with {@code durationMs}, for an event log cut before the
     *                   application's start: its times are unknown, not 1970
     */
    @JsonPropertyOrder({"id", "name", "sparkVersion", "state", "startTime", "endTime", "durationMs"})
    @JsonInclude(JsonInclude.Include.NON_ABSENT)
    /** {@code crashed} only for an incomplete event log: whether the post-mortem found the driver dead. */
    public record App(String id, String name, Optional<String> sparkVersion, String state, Optional<Boolean> crashed,
                      Optional<Instant> startTime,
                      Optional<Instant> endTime, Optional<Long> durationMs, Optional<String> attemptId, String user,
                      Executors executors) {

        /** The state as the text reports show it: an incomplete log whose driver died reads "crashed". */
        String shownState() {
            return crashed.orElse(false) ? "crashed" : state;
        }

        /** The wall time as the text reports show it. */
        String shownDuration() {
            return durationMs.map(DurationFormat::of).orElse("duration unknown");
        }
    }

    /**
     * Executors other than the driver; {@code driverRunsTasks} in local mode, where the driver is the
     * only executor (its cores are the slots), so "0 executors" is not a cluster without any;
     * {@code peakSlots}, the most slots alive at once, above {@code slots} when executors went
     * before the end. All from one reading ({@link ExecutorCounts}), as the facts rules print.
     */
    public record Executors(int active, int total, int slots, boolean driverRunsTasks, int peakSlots) {

        static Executors of(ExecutorCounts c) {
            return new Executors(c.alive(), c.added(), c.slotsNow(), c.local(), c.slotsPeak());
        }
    }

    /**
     * @param worstSeverity the worst severity of any finding
     * @param severity      that of the finding the summary names (the costliest at warning or above, which
     *                      may be a warning beside a cheaper critical); the worst when it names none
     */
    public record Verdict(Severity worstSeverity, String summary, Map<String, Integer> counts, Severity severity) {
    }

    /** The report of a diagnosis, keeping findings at or above {@code minimum}, at most {@code top}. */
    public static TriageReport of(Diagnosis d, String toolVersion, Severity minimum, int top) {
        AppSnapshot s = d.snapshot();
        // with the driver log the diagnosis read: the header's "crashed" is the findings' verdict
        AppContext ctx = AppContext.of(s, d.driverLog());
        List<Finding> shown = d.atLeast(minimum).stream().limit(top).toList();
        return new TriageReport(SCHEMA_VERSION, new Tool("sparkdoc", toolVersion),
                new Source(s.source().kind(), s.source().target(), s.source().complete(), s.takenAt(),
                        s.source().skippedLines(), notes(s, ctx)),
                app(s, ctx), verdict(d, shown), shown, TimeSignals.account(ctx), Optional.empty(), List.of());
    }

    /** What the source noticed while reading, then what the model's own sanity checks found. */
    private static List<String> notes(AppSnapshot s, AppContext ctx) {
        List<String> notes = new java.util.ArrayList<>(s.source().notes());
        notes.addAll(ModelSanity.notes(s, ctx));
        return List.copyOf(notes);
    }

    private static App app(AppSnapshot s, AppContext ctx) {
        Application a = s.application();
        String state = state(s);
        Optional<Boolean> crashed = state.equals("incomplete")
                ? Optional.of(ctx.postMortem().verdict() == PostMortem.Verdict.CRASHED)
                : Optional.empty();
        return new App(a.id(), a.name(), a.sparkVersion(), state, crashed, a.knownStartTime(), a.endTime(),
                a.knownDurationMs(s.takenAt()), a.attemptId(), a.user(),
                Executors.of(ExecutorCounts.of(ctx)));
    }

    /** running, completed, or incomplete (an event log that ends before the application did). */
    static String state(AppSnapshot s) {
        if (s.application().completed()) {
            return "completed";
        }
        boolean fromLog = s.source().kind() == SourceKind.EVENTLOG
                || (s.source().kind() == SourceKind.SNAPSHOT && s.source().notes().stream().anyMatch(n -> n.startsWith("saved from eventlog")));
        return fromLog ? "incomplete" : "running";
    }

    private static Verdict verdict(Diagnosis d, List<Finding> shown) {
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        for (Severity level : List.of(Severity.CRITICAL, Severity.WARNING, Severity.INFO)) {
            counts.put(level.id(), (int) d.findings().stream().filter(f -> f.severity() == level).count());
        }
        Severity worst = d.worst();
        Severity named = worst;
        String summary;
        if (d.findings().isEmpty()) {
            summary = "nothing found";
        } else if (!worst.atLeast(Severity.WARNING)) {
            summary = "nothing at warning or above (" + d.findings().size() + " info)";
        } else {
            Finding first = d.atLeast(Severity.WARNING).get(0);
            summary = first.title();
            named = first.severity();
        }
        return new Verdict(worst, summary, counts, named);
    }
}
