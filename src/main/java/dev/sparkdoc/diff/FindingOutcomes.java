package dev.sparkdoc.diff;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactSet;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Stream;

/**
 * For every finding of the baseline, whether the current run still has it: the same rule on the
 * counterpart of its scope (stages, jobs and queries through the alignment; the app by rule; an
 * executor or process by its id, else the costliest of the rule's), and how its verify facts moved.
 * A baseline scope without a counterpart (its stage changed shape) is matched to the same rule on
 * current work that has none either.
 */
final class FindingOutcomes {

    private final Map<ScopeKind, Map<String, String>> toCurrent;
    private final Map<ScopeKind, Set<String>> matchedCurrent = new HashMap<>();
    private final Map<String, ScopeFacts> factsBefore;
    private final Map<String, ScopeFacts> factsAfter;
    private final double threshold;
    private final String currentApp;

    /** @param counterpart current id → baseline id, by scope kind */
    private FindingOutcomes(Map<ScopeKind, Map<String, String>> counterpart, FactSet before, FactSet after, double threshold) {
        this.toCurrent = new HashMap<>();
        counterpart.forEach((kind, ids) -> {
            Map<String, String> inverse = new HashMap<>();
            ids.forEach((current, baseline) -> inverse.put(baseline, current));
            toCurrent.put(kind, inverse);
            matchedCurrent.put(kind, new HashSet<>(ids.keySet()));
        });
        this.factsBefore = index(before);
        this.factsAfter = index(after);
        this.threshold = threshold;
        this.currentApp = after.app().scope().id();
    }

    static List<FindingOutcome> of(List<Finding> before, List<Finding> after, Map<ScopeKind, Map<String, String>> counterpart,
                                   FactSet signalsBefore, FactSet signalsAfter, double threshold) {
        FindingOutcomes o = new FindingOutcomes(counterpart, signalsBefore, signalsAfter, threshold);
        List<Finding> unused = new ArrayList<>(after);
        List<FindingOutcome> out = new ArrayList<>();
        for (Finding b : before) {
            Optional<Finding> a = o.match(b, unused);
            a.ifPresent(unused::remove);
            out.add(o.outcome(b, a));
        }
        return out;
    }

    private Optional<Finding> match(Finding b, List<Finding> candidates) {
        List<Finding> sameRule = candidates.stream().filter(a -> a.rule().equals(b.rule())).toList();
        ScopeKind kind = b.scope().kind();
        return switch (kind) {
            case APP -> sameRule.stream().findFirst();
            case EXECUTOR, PROCESS, STREAM -> sameRule.stream().filter(a -> a.scope().id().equals(b.scope().id())).findFirst()
                    .or(() -> sameRule.stream().findFirst());
            case STAGE, JOB, SQL -> {
                Set<String> wanted = new HashSet<>();
                scopes(b).forEach(s -> counterpartOf(s).ifPresent(wanted::add));
                Optional<Finding> aligned = sameRule.stream().filter(a -> scopes(a).anyMatch(s -> wanted.contains(s.id()))).findFirst();
                if (aligned.isPresent() || !wanted.isEmpty()) {
                    yield aligned;
                }
                // the baseline's work has no counterpart: the same rule on current work that has none either
                Set<String> matched = matchedCurrent.getOrDefault(kind, Set.of());
                yield sameRule.stream().filter(a -> !matched.contains(a.scope().id())).findFirst();
            }
        };
    }

    private FindingOutcome outcome(Finding b, Optional<Finding> a) {
        double after = a.map(Finding::secondsLost).orElse(0.0);
        double saved = b.secondsLost() - after;
        FindingOutcome.Status status = a.map(x -> compare(b, x)).orElse(FindingOutcome.Status.GONE);
        Optional<String> currentId = a.map(x -> x.scope().id()).or(() -> counterpartOf(b.scope()));
        ScopeFacts was = factsBefore.get(key(b.scope().kind(), b.scope().id()));
        ScopeFacts now = currentId.map(id -> factsAfter.get(key(b.scope().kind(), id))).orElse(null);
        List<Change.Metric> facts = new ArrayList<>();
        for (String name : b.verifyFacts()) {
            Optional<Fact> fact = FactCatalog.find(name);
            OptionalDouble v0 = fact.isPresent() && was != null ? was.value(fact.get()) : OptionalDouble.empty();
            OptionalDouble v1 = fact.isPresent() && now != null ? now.value(fact.get()) : OptionalDouble.empty();
            if (v0.isPresent() && v1.isPresent()) {
                facts.add(new Change.Metric(name, v0.getAsDouble(), v1.getAsDouble(), fact.get().unit().id()));
            }
        }
        return new FindingOutcome(b.rule(), b.title(), b.where(), b.scope().id(), currentId, status, b.severity(),
                a.map(Finding::severity), b.secondsLost(), after, saved, summary(b, a, status, saved), facts);
    }

    private FindingOutcome.Status compare(Finding b, Finding a) {
        double delta = a.secondsLost() - b.secondsLost();
        boolean beyond = Math.abs(delta) > threshold * b.secondsLost() && Math.abs(delta) >= RunDiff.MIN_WORSE_MS / 1000.0;
        int severity = a.severity().compareTo(b.severity());
        if (beyond && delta > 0 || !beyond && severity > 0) {
            return FindingOutcome.Status.WORSE;
        }
        if (beyond || severity < 0) {
            return FindingOutcome.Status.BETTER;
        }
        return FindingOutcome.Status.UNCHANGED;
    }

    private static String summary(Finding b, Optional<Finding> a, FindingOutcome.Status status, double saved) {
        String before = lost(b) + (b.costMeasured() ? " lost" : "");
        return switch (status) {
            case GONE -> "gone: " + before + " before"
                    + (b.costMeasured() ? ", " + DurationFormat.of(b.secondsLost() * 1000) + " saved" : "");
            case UNCHANGED -> "unchanged: " + before + " → " + lost(a.orElseThrow());
            case BETTER, WORSE -> status.id() + ": " + before + " → " + lost(a.orElseThrow())
                    + (b.costMeasured() && a.orElseThrow().costMeasured()
                            ? " (" + (saved >= 0 ? DurationFormat.of(saved * 1000) + " saved" : DurationFormat.of(-saved * 1000) + " more") + ")"
                            : "");
        };
    }

    /** "6.2 s warning"; a finding whose cost was not measured is its severity alone. */
    private static String lost(Finding f) {
        return f.costMeasured() ? DurationFormat.of(f.secondsLost() * 1000) + " " + f.severity().id() : f.severity().id();
    }

    private Optional<String> counterpartOf(Scope s) {
        return switch (s.kind()) {
            case STAGE, JOB, SQL -> Optional.ofNullable(toCurrent.getOrDefault(s.kind(), Map.of()).get(s.id()));
            case APP -> Optional.of(currentApp);
            case EXECUTOR, PROCESS, STREAM -> Optional.of(s.id());
        };
    }

    private static Stream<Scope> scopes(Finding f) {
        return Stream.concat(Stream.of(f.scope()), f.alsoIn().stream());
    }

    private static Map<String, ScopeFacts> index(FactSet s) {
        Map<String, ScopeFacts> out = new HashMap<>();
        out.put(key(ScopeKind.APP, s.app().scope().id()), s.app());
        s.scopes().forEach(f -> out.put(key(f.scope().kind(), f.scope().id()), f));
        return out;
    }

    /** The app's id differs between runs: there is one app scope. */
    private static String key(ScopeKind kind, String id) {
        return kind == ScopeKind.APP ? "app" : kind + ":" + id;
    }
}
