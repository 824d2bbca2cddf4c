package dev.sparkdoc.rules.catalog;

import dev.sparkdoc.firstaid.Remedy;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.testing.Snapshots;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Runs the built-in catalog over a hand-made snapshot and checks findings the way every catalog test needs. */
final class CatalogAssert {

    static final long KIB = 1L << 10;
    static final long MIB = 1L << 20;
    static final long GIB = 1L << 30;

    static final List<Rule> RULES = RuleCatalog.builtIn();

    private CatalogAssert() {
    }

    static Diagnosis diagnose(Snapshots snapshot) {
        return Diagnosis.of(snapshot.build(), RULES);
    }

    static Rule rule(String id) {
        return RULES.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError("no rule " + id));
    }

    /**
     * The one finding of {@code ruleId}, on the scope {@code scopeId}; every other finding of the
     * diagnosis must belong to one of {@code alsoFiring} (so a test names every rule that co-fires).
     * Its placeholders must all be filled.
     */
    static Finding fires(Snapshots snapshot, String ruleId, String scopeId, String... alsoFiring) {
        Diagnosis d = diagnose(snapshot);
        List<Finding> mine = d.findings().stream().filter(f -> f.rule().equals(ruleId)).toList();
        assertThat(mine).as("findings of %s in %s", ruleId, d.findings()).hasSize(1);
        Finding f = mine.get(0);
        Rule rule = rule(ruleId);
        assertThat(f.scope().id()).isEqualTo(scopeId);
        assertThat(f.scope().kind()).isEqualTo(rule.scope());
        assertThat(f.family()).isEqualTo(rule.family());
        Set<String> allowed = Arrays.stream(alsoFiring).collect(Collectors.toSet());
        assertThat(d.findings()).as("other rules firing").allSatisfy(other ->
                assertThat(other.rule().equals(ruleId) || allowed.contains(other.rule())).as(other.rule() + " " + other.title()).isTrue());
        assertFilled(rule, f);
        return f;
    }

    /** The rule does not fire anywhere in the snapshot. */
    static Diagnosis quiet(Snapshots snapshot, String ruleId) {
        Diagnosis d = diagnose(snapshot);
        assertThat(d.findings()).as("findings").noneMatch(f -> f.rule().equals(ruleId));
        return d;
    }

    /** No rule fires at all (the near miss is not some other problem either). */
    static void silent(Snapshots snapshot) {
        assertThat(diagnose(snapshot).findings()).isEmpty();
    }

    /** Titles, remedies and hints with every placeholder filled: no "{", and no "?" the template did not have. */
    static void assertFilled(Rule rule, Finding f) {
        filled(rule.title(), f.title());
        filled(rule.verify(), f.verify());
        // a remedy whose settings all held is left out, and one that partly held lost those keys
        assertThat(f.remedies().size()).isLessThanOrEqualTo(rule.remedies().size());
        // the engine puts the simplest first (a setting, then code, then words): each template is used once, in any order
        java.util.List<Rule.RemedyTemplate> unused = new java.util.ArrayList<>(rule.remedies());
        for (Remedy r : f.remedies()) {
            Rule.RemedyTemplate t = unused.stream().filter(x -> from(x, r)).findFirst().orElse(null);
            assertThat(t).as("remedy %s comes from a template of %s", r, rule.id()).isNotNull();
            unused.remove(t);
            r.why().ifPresent(w -> filled(t.why().orElseThrow(), w));
            // a repartition(n) of the query's own gets the partition count as a note and code
            filled(t.text(), r.text().replaceFirst(" \\(this query's repartition\\(n\\) sets them.*\\)$", ""));
            r.conf().forEach((k, v) -> filled(t.conf().get(templateKey(t, k)), v));
            t.code().ifPresent(c -> filled(c, r.code().orElseThrow()));
            r.code().ifPresent(c -> assertThat(c).as("code of %s", t.text()).doesNotContain("{"));
        }
    }

    /** The remedy is the template's, filled: its text starts as the template's does, its keys are the template's (or where they act). */
        private static boolean from(Rule.RemedyTemplate t, Remedy r) {
        String fixed = t.text().contains("{") ? t.text().substring(0, t.text().indexOf('{')) : t.text();
        return r.text().startsWith(fixed) && r.conf().keySet().stream().allMatch(k -> t.conf().containsKey(templateKey(t, k)));
    }

    /**
     * The template's key a proposed one stands for where the app runs: in local mode
     * spark.executor.memory is proposed as spark.driver.memory; an app that sizes overhead by
     * factor gets its factor key for spark.executor.memoryOverhead.
     */
    private static String templateKey(Rule.RemedyTemplate t, String key) {
        if (t.conf().containsKey(key)) {
            return key;
        }
        if (key.equals("spark.driver.memory")) {
            return "spark.executor.memory";
        }
        return key.endsWith("memoryOverheadFactor") ? "spark.executor.memoryOverhead" : key;
    }

    /** All a remedy says: its text, then its why (the detail view's and JSON's). */
    static String said(Remedy r) {
        return r.text() + r.why().map(w -> ": " + w).orElse("");
    }

    /** Same check for a finding alone (the rule's templates unknown): no "{" and no lone "?". */
    static void assertFilled(Finding f) {
        assertFilled(rule(f.rule()), f);
    }

    private static void filled(String template, String text) {
        assertThat(text).as("filled from '%s'", template).doesNotContain("{");
        assertThat(count(text, '?')).as("'?' in '%s' (from '%s')", text, template).isEqualTo(count(template, '?'));
    }

    private static long count(String s, char c) {
        return s.chars().filter(ch -> ch == c).count();
    }

    static double evidence(Finding f, String fact) {
        return f.evidence().stream().filter(e -> e.fact().equals(fact)).findFirst()
                .orElseThrow(() -> new AssertionError("no evidence " + fact + " in " + f.evidence())).value();
    }

    static String conf(Finding f, String key) {
        return f.remedies().stream().filter(r -> r.conf().containsKey(key)).map(r -> r.conf().get(key)).findFirst()
                .orElseThrow(() -> new AssertionError("no remedy sets " + key));
    }

    static String remedyTexts(Finding f) {
        return f.remedies().stream().map(Remedy::text).collect(Collectors.joining("\n"));
    }
}
