package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Scope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Folds one rule's findings on the stages of one group into one finding: fifteen "Data skew in
 * stage N" lines for one query are one problem, with one fix. The costliest stage speaks for the
 * group; the loss is the group's sum, bounded by the application's wall time. Likewise one rule
 * on several executors (GC on each of three executors is one cause), and one failure rule on
 * several stages that failed for the same reason (its message with the numbers left out).
 */
final class FindingGroups {

    /** One rule's findings in one group (its label with the numbers left out), in the order they fired. */
    private record Key(String rule, String group) {
    }

    /** Each failure is its own line: two failed stages of one query may have failed for two reasons. */
    private static final java.util.Set<String> NEVER_GROUPED = java.util.Set.of("errors-before", "errors-during", "not-starting");

    /**
     * A finding with the group label of its scope ("collect at Etl.java:42"), as it was before the
     * numbers were left out; none for executors and for failures grouped by their reason.
     */
    private record Member(Finding finding, Optional<String> label) {
    }

    /** Numbers, hex addresses and so hosts, ports, ids and sizes: what differs between two tellings of one failure. */
    private static final java.util.regex.Pattern NUMBERS = java.util.regex.Pattern.compile("0x[0-9a-fA-F]+|\\d+");

    private final Map<Key, List<Member>> groups = new LinkedHashMap<>();
    private final List<Finding> alone = new ArrayList<>();

    void add(Finding f, Optional<String> group) {
        add(f, group, Optional.empty());
    }

    /** @param reason why a stage failed (its exception and message), for the failure families */
    void add(Finding f, Optional<String> group, Optional<String> reason) {
        if (f.scope().kind() == dev.sparkdoc.facts.ScopeKind.EXECUTOR) {
            member(new Key(f.rule(), "executors"), f, Optional.empty());
        } else if (NEVER_GROUPED.contains(f.family())) {
            if (reason.isPresent() && f.scope().kind() == dev.sparkdoc.facts.ScopeKind.STAGE) {
                member(new Key(f.rule(), "reason " + NUMBERS.matcher(reason.get()).replaceAll("#")), f, Optional.empty());
            } else {
                alone.add(f);
            }
        } else if (group.isEmpty()) {
            alone.add(f);
        } else {
            member(new Key(f.rule(), site(group.get())), f, group);
        }
    }

    private void member(Key key, Finding f, Optional<String> label) {
        groups.computeIfAbsent(key, k -> new ArrayList<>()).add(new Member(f, label));
    }

    /**
     * A quoted description or name is a code site: "nightly load 2026-11-30" and "… 2026-12-01",
     * "round 3" and "round 4" are one, run with other parameters, while a line number (":42") is
     * another site. "query 7" and "job 12" are ids, kept whole.
     */
    static String site(String group) {
        return group.startsWith("\"") ? group.replaceAll("(?<![:0-9])[0-9]+", "#") : group;
    }

    /** @param appSeconds the application's wall time so far, when known: no group loses more */
    List<Finding> findings(Optional<Double> appSeconds) {
        List<Finding> out = new ArrayList<>(alone);
        groups.forEach((key, members) -> out.add(members.size() == 1 ? members.get(0).finding() : merge(members, appSeconds)));
        return out;
    }

    private Finding merge(List<Member> members, Optional<Double> appSeconds) {
        List<Member> rankedMembers = members.stream().sorted(Comparator.comparing(Member::finding, RuleEngine.RANKING)).toList();
        List<Finding> ranked = rankedMembers.stream().map(Member::finding).toList();
        Finding first = ranked.get(0);
        Optional<String> group = rankedMembers.get(0).label();
        double lost = ranked.stream().mapToDouble(Finding::secondsLost).sum();
        double bounded = appSeconds.map(app -> Math.min(lost, Math.max(app, first.secondsLost()))).orElse(lost);
        Severity worst = ranked.stream().map(Finding::severity).max(Comparator.naturalOrder()).orElseThrow();
        List<Scope> others = ranked.subList(1, ranked.size()).stream().map(Finding::scope).toList();
        return new Finding(first.rule(), first.family(), worst, first.title(), first.scope(), bounded,
                ranked.stream().anyMatch(Finding::costMeasured), first.confidence(),
                first.evidence(), first.remedies(), first.verify(), first.verifyFacts(), first.docs(), first.settings(), others, group,
                first.part(), ranked.stream().anyMatch(Finding::fatal), ranked.stream().anyMatch(Finding::open));
    }
}
