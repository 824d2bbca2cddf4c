package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.firstaid.Remedy;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fired rule on one scope: what is wrong, the numbers that show it, what it costs and what to
 * change. Every front end (text, JSON, TUI) shows these.
 *
 * <p>When the rule fired on several stages of one group (a query's code site, see
 * {@code stage.group}), the finding is the costliest of them, with the others in {@code alsoIn},
 * the group's name in {@code group}, the worst severity and the summed seconds lost.
 *
 * <p>{@code verifyFacts} name the facts that must change for the fix to have worked: the
 * condition's facts that held (each in {@code evidence} with its threshold) and the seconds lost.
 * {@code sparkdoc diff} reads them on the next run.
 *
 * <p>{@code costMeasured} is false when the rule has no measure of the time its problem costs (a
 * failed job, a memory limit, a setting): {@code secondsLost} is then 0 and means "not known", so
 * people are shown that, never "0 ms lost".
 *
 * <p>{@code part} names the part of the time account ({@code gc}, {@code idle.tail}, {@code waiting}:
 * account/Cause) the seconds lost are a share of: the findings on one part never claim more than it
 * holds (see {@link CostAllocation}). {@code fatal} marks a failure that ended its stage, job, query
 * or application: it is never demoted for costing little, and leads the ranking when critical.
 * {@code open} marks a finding on a scope still running (a live or cut-off stage): its seconds are
 * the cost so far, not what is at stake, so they demote nothing either.
 *
 * <p>{@code settings} are the values in force of the settings its remedies change, with their
 * origin; a remedy's setting that already held is not proposed, and is listed here as such.
 */
public record Finding(
        String rule,
        String family,
        Severity severity,
        String title,
        Scope scope,
        double secondsLost,
        boolean costMeasured,
        double confidence,
        List<Evidence> evidence,
        List<Remedy> remedies,
        String verify,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        List<String> verifyFacts,
        String docs,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        List<SettingInForce> settings,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        List<Scope> alsoIn,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT)
        Optional<String> group,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT)
        Optional<String> part,
        @com.fasterxml.jackson.annotation.JsonIgnore
        boolean fatal,
        @com.fasterxml.jackson.annotation.JsonIgnore
        boolean open) {

    public Finding {
        evidence = List.copyOf(evidence);
        remedies = List.copyOf(remedies);
        verifyFacts = List.copyOf(verifyFacts);
        settings = List.copyOf(settings);
        alsoIn = List.copyOf(alsoIn);
    }

    /** A finding bound to no part of the account, not fatal. */
    public Finding(String rule, String family, Severity severity, String title, Scope scope, double secondsLost, boolean costMeasured,
            double confidence, List<Evidence> evidence, List<Remedy> remedies, String verify, List<String> verifyFacts, String docs,
            List<SettingInForce> settings, List<Scope> alsoIn, Optional<String> group) {
        this(rule, family, severity, title, scope, secondsLost, costMeasured, confidence, evidence, remedies, verify, verifyFacts, docs,
                settings, alsoIn, group, Optional.empty(), false, false);
    }

    /** The same finding with other seconds lost (its share of its part). */
    public Finding withSecondsLost(double seconds) {
        return new Finding(rule, family, severity, title, scope, seconds, costMeasured, confidence, evidence, remedies, verify,
                verifyFacts, docs, settings, alsoIn, group, part, fatal, open);
    }

    /** The same finding at another severity. */
    public Finding withSeverity(Severity level) {
        return new Finding(rule, family, level, title, scope, secondsLost, costMeasured, confidence, evidence, remedies, verify,
                verifyFacts, docs, settings, alsoIn, group, part, fatal, open);
    }

    /** A finding on one scope whose cost was measured. */
    public Finding(String rule, String family, Severity severity, String title, Scope scope, double secondsLost,
            double confidence, List<Evidence> evidence, List<Remedy> remedies, String verify, String docs) {
        this(rule, family, severity, title, scope, secondsLost, true, confidence, evidence, remedies, verify, List.of(), docs, List.of(),
                List.of(), Optional.empty());
    }

    /** What it costs, for people: "{@code 4.2 s} lost" with the caller's duration format, or that it was not measured. */
    public String lostText(java.util.function.DoubleFunction<String> seconds) {
        return costMeasured ? seconds.apply(secondsLost) + " lost" : "time lost not measured";
    }

    /** How to verify, for people: the rule's text, then the facts {@code sparkdoc diff} checks on the next run. */
    public String verifyText() {
        if (verifyFacts.isEmpty()) {
            return verify;
        }
        String checks = "sparkdoc diff checks " + String.join(", ", verifyFacts);
        return verify.isBlank() ? checks : verify + " (" + checks + ")";
    }

    /** The other scopes of a group, for people: "13, 14, 15 and 11 more"; empty when alone. */
    public String alsoInList(int max) {
        List<String> ids = alsoIn.stream().map(Scope::displayId).toList();
        String shown = String.join(", ", ids.subList(0, Math.min(max, ids.size())));
        return ids.size() <= max ? shown : shown + " and " + (ids.size() - max) + " more";
    }

    /** Where, for people: {@code stage 12 "…"}, or {@code stage 12 and 14 more stages of "collect at Etl.scala:42"}. */
    public String where() {
        if (alsoIn.isEmpty()) {
            return scope.label();
        }
        String kind = scope.kind().id() + (alsoIn.size() == 1 ? "" : "s");
        return scope.kind().id() + " " + scope.displayId() + " and " + alsoIn.size() + " more " + kind
                + group.map(g -> " of " + g).orElse("");
    }

    /**
     * A setting a remedy would change, as it is now.
     *
     * @param proposed false when it already had the remedy's value, so the remedy does not propose it
     * @param pastFix the fixed value a remedy would have set that the app already went past (it runs 100
     *                retries, the fix says 10), so it is not proposed; empty otherwise
     */
    public record SettingInForce(String key, String value, String origin, boolean proposed,
                                 @com.fasterxml.jackson.annotation.JsonIgnore Optional<String> pastFix) {

        public SettingInForce(String key, String value, String origin, boolean proposed) {
            this(key, value, origin, proposed, Optional.empty());
        }

        /** {@code spark.sql.adaptive.skewJoin.enabled = false (set in query 7)}. */
        public String display() {
            String kept = pastFix.map(v -> "; already past the fix's " + v + ", not proposed").orElse("; already so, not proposed");
            return key + " = " + value + " (" + origin + (proposed ? "" : kept) + ")";
        }
    }

    /**
     * One number behind a finding; {@code op} and {@code threshold} are present for the
     * condition's leaves and absent for extra evidence.
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT)
    /** @param value the fact's value; NaN (left out of JSON) for a text fact, whose text is {@code display} */
    public record Evidence(@com.fasterxml.jackson.annotation.JsonIgnore Fact of, String fact,
                           @com.fasterxml.jackson.annotation.JsonInclude(value = com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                                   valueFilter = NotANumber.class) double value,
                           String unit, String display,
                           Optional<String> op, Optional<Double> threshold) {

        /** The evidence of a fact: its name and unit as JSON writes them, and the fact itself for views. */
        public Evidence(Fact of, double value, String display, Optional<String> op, Optional<Double> threshold) {
            this(of, of.name(), value, of.unit().id(), display, op, threshold);
        }

        /** A threshold (or any value of this fact) as people read it: "5.0×", "10 s". */
        public String human(double v) {
            return FactFormat.human(v, of.unit());
        }
    }

    /** Jackson's filter for {@link Evidence#value}: a text fact's NaN is left out (JSON has no NaN). */
    static final class NotANumber {
        @Override
        public boolean equals(Object value) {
            return value instanceof Double d && d.isNaN();
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

}
