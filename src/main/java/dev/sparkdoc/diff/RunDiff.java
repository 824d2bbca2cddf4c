package dev.sparkdoc.diff;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactSet;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.signals.StageSignals;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares a baseline run with the current run of the same application: lines their work up
 * ({@link Alignment}), compares what matched, reports what did not, and ranks it all
 * ({@link Ranking}). Work that belongs to a query whose plan changed, or to a job or query only
 * one run has, is told inside that change rather than stage by stage: the plan is the cause.
 */
public final class RunDiff {

    /** The current run is worse when it is slower by more than this fraction of the baseline. */
    public static final double DEFAULT_THRESHOLD = 0.20;
    /** …and by at least this much: a second is noise for any application (JVM warm-up, scheduling). */
    static final long MIN_WORSE_MS = 1_000;

    private final Work before;
    private final Work after;
    private final FactSet signalsBefore;
    private final FactSet signalsAfter;
    private final Map<String, ScopeFacts> factsBefore;
    private final Map<String, ScopeFacts> factsAfter;
    private final dev.sparkdoc.signals.StageNames namesBefore;
    private final dev.sparkdoc.signals.StageNames namesAfter;
    /** Folded work: "q:<id>" or "j:<id>" of each run → the change that tells it. */
    private final Map<String, Owner> ownersBefore = new HashMap<>();
    private final Map<String, Owner> ownersAfter = new HashMap<>();
    private final List<Owner> owners = new ArrayList<>();

    private RunDiff(Diagnosis b, Diagnosis a) {
        before = new Work(b.snapshot());
        after = new Work(a.snapshot());
        namesBefore = b.names();
        namesAfter = a.names();
        signalsBefore = b.facts();
        signalsAfter = a.facts();
        factsBefore = stageFacts(signalsBefore);
        factsAfter = stageFacts(signalsAfter);
    }

    public static DiffResult of(Diagnosis baseline, Diagnosis current, double threshold) {
        return new RunDiff(baseline, current).compare(baseline, current, threshold);
    }

    private DiffResult compare(Diagnosis b, Diagnosis a, double threshold) {
        Alignment<SqlExecution> queries = Alignment.of(before.queries(), after.queries(), Work::label);
        Alignment<Job> jobs = Alignment.of(before.jobs(), before::label, after.jobs(), after::label);
        Alignment<Stage> stages = Alignment.of(before.stages(), before::label, after.stages(), after::label);
        plans(queries);
        for (SqlExecution q : queries.added()) {
            owner(ownersAfter, "q:" + q.id(), new Owner(ChangeKind.QUERY_ADDED, "query added: " + Work.label(q).substring(4),
                    "query " + q.id(), Optional.empty(), Optional.of(Long.toString(q.id())), q.durationMs() / 1000.0, true));
        }
        for (SqlExecution q : queries.removed()) {
            owner(ownersBefore, "q:" + q.id(), new Owner(ChangeKind.QUERY_REMOVED, "query removed: " + Work.label(q).substring(4),
                    "query " + q.id() + " of the baseline", Optional.of(Long.toString(q.id())), Optional.empty(),
                    -q.durationMs() / 1000.0, true));
        }
        for (Job j : jobs.added()) {
            if (after.queryOf(j).map(q -> !ownersAfter.containsKey("q:" + q.id())).orElse(true)) {
                owner(ownersAfter, "j:" + j.jobId(), new Owner(ChangeKind.JOB_ADDED, "job added: " + namesAfter.job(j), "job " + j.jobId(),
                        Optional.empty(), Optional.of(Integer.toString(j.jobId())), seconds(j, after.snapshot()), true));
            }
        }
        for (Job j : jobs.removed()) {
            if (before.queryOf(j).map(q -> !ownersBefore.containsKey("q:" + q.id())).orElse(true)) {
                owner(ownersBefore, "j:" + j.jobId(), new Owner(ChangeKind.JOB_REMOVED, "job removed: " + namesBefore.job(j),
                        "job " + j.jobId() + " of the baseline", Optional.of(Integer.toString(j.jobId())), Optional.empty(),
                        -seconds(j, before.snapshot()), true));
            }
        }
        List<Change> changes = new ArrayList<>(stageChanges(stages, threshold));
        AppSnapshot sb = b.snapshot();
        AppSnapshot sa = a.snapshot();
        changes.addAll(FailureComparison.newFailures(sb, sa));
        changes.addAll(SettingsComparison.versions(sb, sa));
        List<Change> config = SettingsComparison.config(sb, sa);
        changes.addAll(config);
        SettingsComparison.executors(sb, sa).ifPresent(changes::add);
        owners.forEach(o -> changes.add(o.build(config)));
        Map<ScopeKind, Map<String, String>> counterparts = counterparts(stages, jobs, queries);
        List<Change> all = FindingsIntoStages.merge(changes, FindingComparison.newFindings(b, a, counterparts));
        List<FindingOutcome> outcomes = FindingOutcomes.of(b.findings(), a.findings(), counterparts, signalsBefore, signalsAfter,
                threshold);
        long wallBefore = sb.application().durationMs(sb.takenAt());
        long wallAfter = sa.application().durationMs(sa.takenAt());
        boolean slower = wallAfter - wallBefore > threshold * wallBefore && wallAfter - wallBefore >= MIN_WORSE_MS;
        boolean worse = slower || failedJobs(sa) > failedJobs(sb);
        return new DiffResult(b, a, wallBefore, wallAfter, threshold, worse, Ranking.rank(all), outcomes,
                new DiffResult.Matched(DiffResult.Count.of(stages), DiffResult.Count.of(jobs), DiffResult.Count.of(queries)));
    }

    private void plans(Alignment<SqlExecution> queries) {
        for (Alignment.Pair<SqlExecution> p : queries.matched()) {
            PlanComparison.compare(p.baseline(), p.current()).ifPresent(d -> {
                String what = d.sentences().isEmpty() ? "plan changed" : d.sentences().get(0);
                Owner o = new Owner(ChangeKind.PLAN, "plan changed: " + what, "query " + p.current().id() + " \""
                        + Work.label(p.current()).substring(4) + "\"", Optional.of(Long.toString(p.baseline().id())),
                        Optional.of(Long.toString(p.current().id())),
                        (p.current().durationMs() - p.baseline().durationMs()) / 1000.0, d.structural());
                o.details.addAll(d.sentences().subList(Math.min(1, d.sentences().size()), d.sentences().size()));
                o.details.add("query time: " + DurationFormat.of(p.baseline().durationMs()) + " → "
                        + DurationFormat.of(p.current().durationMs()));
                if (d.structural()) {
                    owner(ownersBefore, "q:" + p.baseline().id(), o);
                    ownersAfter.put("q:" + p.current().id(), o);
                } else {
                    owners.add(o);
                }
            });
        }
    }

    private List<Change> stageChanges(Alignment<Stage> stages, double threshold) {
        List<Change> out = new ArrayList<>();
        for (Alignment.Pair<Stage> p : stages.matched()) {
            Optional<Owner> o = ownerOf(after, ownersAfter, p.current()).or(() -> ownerOf(before, ownersBefore, p.baseline()));
            ScopeFacts fb = factsBefore.get(p.baseline().key());
            ScopeFacts fa = factsAfter.get(p.current().key());
            if (o.isPresent()) {
                o.get().details.add(StageComparison.where(p.baseline(), p.current(), fa) + ": "
                        + StageComparison.signed(wall(fa) / 1000 - wall(fb) / 1000) + " (" + DurationFormat.of(wall(fb))
                        + " → " + DurationFormat.of(wall(fa)) + ")");
            } else {
                out.add(StageComparison.compare(p.baseline(), p.current(), fb, fa, threshold));
            }
        }
        for (Stage s : stages.added()) {
            ScopeFacts f = factsAfter.get(s.key());
            String line = "stage " + s.stageId() + " added: " + DurationFormat.of(wall(f));
            Optional<Owner> o = ownerOf(after, ownersAfter, s);
            if (o.isPresent()) {
                o.get().details.add(line);
            } else {
                out.add(new Change(ChangeKind.STAGE_ADDED, "stage added, " + DurationFormat.of(wall(f)), label(s, f),
                        Optional.empty(), Optional.of(s.key()), Optional.of(wall(f) / 1000), true, List.of(), List.of()));
            }
        }
        for (Stage s : stages.removed()) {
            ScopeFacts f = factsBefore.get(s.key());
            String line = "stage " + s.stageId() + " of the baseline removed: " + DurationFormat.of(wall(f));
            Optional<Owner> o = ownerOf(before, ownersBefore, s);
            if (o.isPresent()) {
                o.get().details.add(line);
            } else {
                out.add(new Change(ChangeKind.STAGE_REMOVED, "stage removed, " + DurationFormat.of(wall(f)) + " in the baseline",
                        label(s, f) + " of the baseline", Optional.of(s.key()), Optional.empty(), Optional.of(-wall(f) / 1000),
                        true, List.of(), List.of()));
            }
        }
        return out;
    }

    private void owner(Map<String, Owner> index, String key, Owner o) {
        index.put(key, o);
        owners.add(o);
    }

    private static Optional<Owner> ownerOf(Work run, Map<String, Owner> index, Stage s) {
        Optional<Job> job = run.jobOf(s);
        Optional<Owner> byQuery = job.flatMap(run::queryOf).map(q -> index.get("q:" + q.id()));
        return byQuery.or(() -> job.map(j -> index.get("j:" + j.jobId())));
    }

    private static Map<ScopeKind, Map<String, String>> counterparts(Alignment<Stage> stages, Alignment<Job> jobs,
                                                                    Alignment<SqlExecution> queries) {
        Map<ScopeKind, Map<String, String>> m = new EnumMap<>(ScopeKind.class);
        Map<String, String> st = new HashMap<>();
        stages.matched().forEach(p -> st.put(p.current().key(), p.baseline().key()));
        Map<String, String> jb = new HashMap<>();
        jobs.matched().forEach(p -> jb.put(Integer.toString(p.current().jobId()), Integer.toString(p.baseline().jobId())));
        Map<String, String> qs = new HashMap<>();
        queries.matched().forEach(p -> qs.put(Long.toString(p.current().id()), Long.toString(p.baseline().id())));
        m.put(ScopeKind.STAGE, st);
        m.put(ScopeKind.JOB, jb);
        m.put(ScopeKind.SQL, qs);
        return m;
    }

    private static Map<String, ScopeFacts> stageFacts(FactSet s) {
        Map<String, ScopeFacts> out = new LinkedHashMap<>();
        s.of(ScopeKind.STAGE).forEach(f -> out.put(f.scope().id(), f));
        return out;
    }

    private static double wall(ScopeFacts f) {
        return f == null ? 0 : f.value(StageSignals.WALL).orElse(0);
    }

    private static String label(Stage s, ScopeFacts f) {
        String name = f == null ? s.name() : f.scope().name();
        return "stage " + s.stageId() + (name.isBlank() ? "" : " \"" + name + "\"");
    }

    private static double seconds(Job j, AppSnapshot s) {
        return j.durationMs(s.takenAt()).orElse(0L) / 1000.0;
    }

    private static long failedJobs(AppSnapshot s) {
        return s.jobs().stream().filter(j -> j.status() == JobStatus.FAILED).count();
    }

    /** A change that tells other work inside it (a plan change, added work); built once all is folded in. */
    private static final class Owner {
        final ChangeKind kind;
        final String title;
        final String where;
        final Optional<String> baselineId;
        final Optional<String> currentId;
        final double seconds;
        final boolean significant;
        final List<String> details = new ArrayList<>();

        Owner(ChangeKind kind, String title, String where, Optional<String> baselineId, Optional<String> currentId,
              double seconds, boolean significant) {
            this.kind = kind;
            this.title = title;
            this.where = where;
            this.baselineId = baselineId;
            this.currentId = currentId;
            this.seconds = seconds;
            this.significant = significant;
        }

        /** A join that changed strategy with a join setting changed too: that setting is the likely cause. */
        Change build(List<Change> config) {
            List<String> lines = new ArrayList<>(details);
            if (kind == ChangeKind.PLAN && title.contains("Join")) {
                config.stream().filter(c -> c.where().contains("BroadcastJoin") || c.where().contains("SortMergeJoin")
                                || c.where().contains("join"))
                        .forEach(c -> lines.add(0, "likely cause: " + c.title()));
            }
            return new Change(kind, title, where, baselineId, currentId, Optional.of(seconds), significant, lines, List.of());
        }
    }
}
