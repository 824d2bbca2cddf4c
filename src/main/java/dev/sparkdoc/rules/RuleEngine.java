package dev.sparkdoc.rules;

import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.InForce;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.signals.AppSignals;
import dev.sparkdoc.signals.SignalSet;
import dev.sparkdoc.signals.StageSignals;
import dev.sparkdoc.signals.TimeSignals;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/** Evaluates rules over a snapshot's signals and ranks what fired by the time it costs. */
public final class RuleEngine {

    /**
     * First a critical failure that ended its stage, job, query or app, and a critical whose cost
     * no measure says (a stream at half its input's rate, a container over its limit: the severity
     * is the judgement, and a few measured seconds elsewhere must not bury it); then most seconds
     * lost, then severity, then confidence; ids keep the order stable.
     */
    public static final Comparator<Finding> RANKING = Comparator
            .comparing((Finding f) -> (f.fatal() || !f.costMeasured()) && f.severity() == Severity.CRITICAL).reversed()
            .thenComparing(Comparator.comparingDouble(Finding::secondsLost).reversed())
            .thenComparing(Finding::severity, Comparator.reverseOrder())
            .thenComparing(Comparator.comparingDouble(Finding::confidence).reversed())
            .thenComparing(Finding::rule)
            .thenComparing(f -> f.scope().id());

    private RuleEngine() {
    }

    public static List<Finding> evaluate(List<Rule> rules, SignalSet signals) {
        FindingGroups groups = new FindingGroups();
        for (Rule rule : rules) {
            for (ScopeFacts facts : signals.of(rule.scope())) {
                evaluate(rule, facts).ifPresent(f -> groups.add(f, facts.text(StageSignals.GROUP), failureReason(facts)));
            }
        }
        Optional<ScopeFacts> app = signals.of(ScopeKind.APP).stream().findFirst();
        Optional<Double> appSeconds = app.flatMap(a -> seconds(AppSignals.DURATION, a));
        List<Finding> bounded = CostAllocation.allocate(groups.findings(appSeconds), app);
        List<Finding> findings = new ArrayList<>(FewSeconds.demote(bounded, appSeconds, app));
        findings.sort(RANKING);
        return List.copyOf(findings);
    }

    /** Why a stage failed, as its findings say it: the exception and message (FindingGroups takes the numbers out). */
    private static Optional<String> failureReason(ScopeFacts facts) {
        if (facts.scope().kind() != ScopeKind.STAGE) {
            return Optional.empty();
        }
        Optional<String> exception = facts.text(StageSignals.FAILURE_EXCEPTION);
        Optional<String> message = facts.text(StageSignals.FAILURE_MESSAGE);
        if (exception.isEmpty() && message.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(exception.orElse("") + ": " + message.orElse(""));
    }

    /**
     * The flags that say a scope ended before its work was done (a stage, a job, a query, an app,
     * a stream failed; a job cancelled under it, its work lost all the same; an app whose stage
     * died of lost shuffle output with no attempt after it).
     */
    private static final Map<ScopeKind, List<String>> ENDED = Map.of(ScopeKind.STAGE, List.of("stage.failed"),
            ScopeKind.JOB, List.of("job.aborted", "job.cancelled"), ScopeKind.SQL, List.of("sql.failed"),
            ScopeKind.APP, List.of("app.crashed", "app.fetchFailed.stageFailed"), ScopeKind.STREAM, List.of("stream.failed"));

    /** A warning or worse on a scope that ended unfinished: a failed job stays a failure, however little it cost. */
    private static boolean fatal(Severity severity, ScopeFacts facts) {
        return severity.atLeast(Severity.WARNING)
                && ENDED.getOrDefault(facts.scope().kind(), List.of()).stream().anyMatch(flag -> facts.value(flag).orElse(0) != 0);
    }

    /** The flag that says a scope still runs, so what it cost is so far. */
    private static final Map<ScopeKind, String> RUNNING = Map.of(ScopeKind.STAGE, "stage.active", ScopeKind.STREAM, "stream.running");

    private static boolean open(ScopeFacts facts) {
        String flag = RUNNING.get(facts.scope().kind());
        return flag != null && facts.value(flag).orElse(0) != 0;
    }

    public static Optional<Finding> evaluate(Rule rule, ScopeFacts facts) {
        List<LeafResult> leaves = new ArrayList<>();
        if (!rule.when().test(facts, leaves::add)) {
            return Optional.empty();
        }
        return Optional.of(render(rule, facts, leaves));
    }

    /** The finding of a rule whose condition held on {@code facts} (its leaves as tested): every line filled, none with gaps. */
    static Finding render(Rule rule, ScopeFacts facts, List<LeafResult> leaves) {
        Optional<Double> measured = rule.secondsLost().flatMap(fact -> seconds(fact, facts)).map(v -> Math.max(0, v));
        double secondsLost = measured.orElse(0.0);
        InForce inForce = facts.inForce();
        List<Finding.SettingInForce> settings = new ArrayList<>();
        List<Remedy> remedies = new ArrayList<>();
        for (Rule.RemedyTemplate template : rule.remedies()) {
            if (template.when().map(c -> c.test(facts, leaf -> { })).orElse(true)) {
                Optional<Remedy> filled = remedy(template, facts);
                if (filled.isEmpty()) {
                    continue; // a remedy whose text lacks its facts would be printed with gaps
                }
                Remedy r = filled.get();
                // code the template did not have is the fix itself (a repartition(n) of the query's own)
                boolean codeIsTheFix = template.code().isEmpty() && r.code().isPresent();
                withoutWhatHolds(r, !template.conf().isEmpty(), literals(template), codeIsTheFix, inForce, settings).ifPresent(remedies::add);
            }
        }
        remedies.sort(Remedy.SIMPLEST_FIRST);
        List<Finding.Evidence> evidence = evidence(rule, leaves, facts);
        Severity severity = rule.severity().of(facts);
        return new Finding(rule.id(), rule.family(), severity,
                Templates.fillShown(rule.title(), facts), facts.scope(), secondsLost, measured.isPresent(), rule.confidence(),
                evidence, remedies, Templates.complete(rule.verify(), facts).orElse(""), verifyFacts(rule, evidence, facts), rule.docs(),
                settings, List.of(), Optional.empty(), rule.part().map(TimeSignals::partId), fatal(severity, facts),
                open(facts));
    }

    /**
     * The remedy without the settings that already have its values (a fix must change
     * something) or that the application's Spark version lacks; empty when none is left. Each setting it touches is noted in {@code settings}
     * with its value in force and origin, once.
     */
    private static Optional<Remedy> withoutWhatHolds(Remedy r, boolean hadConf, java.util.Set<String> literal, boolean codeIsTheFix,
            InForce inForce, List<Finding.SettingInForce> settings) {
        if (r.conf().isEmpty()) {
            // a remedy whose every setting does nothing where the app runs is no remedy, unless code is the fix
            return hadConf && !codeIsTheFix ? Optional.empty() : Optional.of(r);
        }
        var kept = new java.util.LinkedHashMap<String, String>();
        r.conf().forEach((key, proposed) -> {
            if (!inForce.exists(key)) {
                return; // a setting the application's Spark version lacks changes nothing there
            }
            Optional<Setting> same = inForce.holding(key, proposed);
            // a fixed value the app already went past (it runs 100 retries, the text says 10) would undo its choice;
            // a value computed from the app's own numbers (a smaller heap that fits) is meant as it is
            Optional<Setting> past = same.isEmpty() && literal.contains(key) ? inForce.beyond(key, proposed) : Optional.empty();
            Optional<Setting> holding = same.or(() -> past);
            if (holding.isEmpty()) {
                kept.put(key, proposed);
            }
            Optional<Setting> now = holding.isPresent() ? holding : inForce.get(key);
            now.ifPresent(s -> {
                if (settings.stream().noneMatch(x -> x.key().equals(key))) {
                    settings.add(new Finding.SettingInForce(key, s.value(), s.origin(), holding.isEmpty(),
                            past.map(p -> proposed)));
                }
            });
        });
        if (kept.isEmpty()) {
            return codeIsTheFix ? Optional.of(r.withConf(kept)) : Optional.empty();
        }
        return Optional.of(r.withConf(kept));
    }

    /** The settings a remedy template proposes with a fixed value, not one filled from facts. */
    private static java.util.Set<String> literals(Rule.RemedyTemplate template) {
        var keys = new java.util.HashSet<String>();
        template.conf().forEach((k, v) -> {
            if (!v.contains("{")) {
                keys.add(k);
            }
        });
        return keys;
    }

    /**
     * What must change for a fix to have worked: the rule's own list; else the fact its seconds
     * lost are read from; else the condition's facts that held (their thresholds are in the evidence).
     */
    private static List<String> verifyFacts(Rule rule, List<Finding.Evidence> evidence, ScopeFacts facts) {
        if (!rule.verifyFacts().isEmpty()) {
            return rule.verifyFacts().stream().filter(f -> facts.value(f).isPresent()).map(Fact::name).toList();
        }
        Optional<Fact> lost = rule.secondsLost().filter(f -> facts.value(f).isPresent());
        if (lost.isPresent()) {
            return List.of(lost.get().name());
        }
        return evidence.stream().filter(e -> e.op().isPresent()).map(Finding.Evidence::fact).toList();
    }

    /** A time fact's value in seconds, whatever unit it is kept in. */
    private static Optional<Double> seconds(Fact fact, ScopeFacts facts) {
        OptionalDouble v = facts.value(fact);
        return v.isPresent() ? Optional.of(fact.unit().seconds(v.getAsDouble())) : Optional.empty();
    }

    /** The remedy filled from the facts; empty when its text names a fact this scope lacks (code or why lacking one are left out). */
    private static Optional<Remedy> remedy(Rule.RemedyTemplate r, ScopeFacts facts) {
        var filled = new java.util.LinkedHashMap<String, String>();
        // a value from a fact this scope lacks (no environment, say) is no value to propose: the key is left out
        r.conf().forEach((k, v) -> Templates.complete(v, facts).ifPresent(value -> filled.put(k, value)));
        Optional<String> text = Templates.complete(r.text(), facts);
        if (text.isEmpty() || text.get().isBlank()) {
            return Optional.empty();
        }
        Optional<String> code = r.code(facts.text(AppSignals.LANGUAGE)).flatMap(c -> Templates.complete(c, facts));
        Optional<String> why = r.why().flatMap(w -> Templates.complete(w, facts));
        return Optional.of(DeploymentKeys.where(new Remedy(text.get(), filled, code, why), facts));
    }

    /**
     * The leaves that held, with their thresholds; then leaves that did not hold (under "not" or
     * a branch of "any") and the rule's extra evidence, as plain values.
     */
    private static List<Finding.Evidence> evidence(Rule rule, List<LeafResult> leaves, ScopeFacts facts) {
        List<Finding.Evidence> out = new ArrayList<>();
        Set<Fact> seen = new LinkedHashSet<>();
        for (LeafResult leaf : leaves) {
            if (leaf.passed() && seen.add(leaf.fact())) {
                double v = leaf.value().getAsDouble();
                out.add(new Finding.Evidence(leaf.fact(), v, FactFormat.human(v, leaf.fact().unit()),
                        Optional.of(leaf.op().symbol()), Optional.of(leaf.threshold())));
            }
        }
        for (LeafResult leaf : leaves) {
            if (leaf.value().isPresent() && seen.add(leaf.fact())) {
                out.add(plain(leaf.fact(), leaf.value().getAsDouble()));
            }
        }
        for (Fact fact : rule.evidence()) {
            if (fact.unit() == dev.sparkdoc.facts.FactUnit.TEXT) {
                facts.text(fact).filter(t -> !t.isBlank()).filter(t -> seen.add(fact))
                        .ifPresent(t -> out.add(new Finding.Evidence(fact, Double.NaN, t, Optional.empty(), Optional.empty())));
                continue;
            }
            OptionalDouble v = facts.value(fact);
            // Extra evidence that is zero says nothing (no input, no spill): leave it out.
            if (v.isPresent() && v.getAsDouble() != 0 && seen.add(fact)) {
                out.add(plain(fact, v.getAsDouble()));
            }
        }
        return out;
    }

    private static Finding.Evidence plain(Fact fact, double value) {
        return new Finding.Evidence(fact, value, FactFormat.human(value, fact.unit()), Optional.empty(),
                Optional.empty());
    }
}
