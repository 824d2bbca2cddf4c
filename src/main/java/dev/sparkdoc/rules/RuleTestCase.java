package dev.sparkdoc.rules;

import dev.sparkdoc.facts.ScopeFacts;
import java.util.Optional;

/**
 * One case of a rule test file: facts in, and whether the rule fires, with what severity, seconds
 * lost and title, out. As {@code promtool test rules} does for Prometheus alerts.
 *
 * @param where       "FILE:LINE" of the case, for the one line a failing case prints
 * @param facts       the scope's facts, falling back to the app's, as the engine sees them
 * @param secondsLost expected seconds lost, as written ("48s") and in seconds
 * @param fixes       what the remedies must and must not propose, with the settings in force the case gives
 */
public record RuleTestCase(String where, String name, Rule rule, ScopeFacts facts, boolean fires,
                           Optional<Severity> severity, Optional<Expected> secondsLost, Optional<String> title, Fixes fixes) {

    /**
     * @param proposes       settings some remedy must set, with these values
     * @param doesNotPropose settings no remedy may set (already in force, or not acting where the app runs)
     * @param inForce        text each of which some line of the finding's settings in force contains
     * @param remedyText     text each of which some remedy's text contains
     */
    public record Fixes(java.util.Map<String, String> proposes, java.util.List<String> doesNotPropose,
                        java.util.List<String> inForce, java.util.List<String> remedyText) {
        public static final Fixes NONE = new Fixes(java.util.Map.of(), java.util.List.of(), java.util.List.of(), java.util.List.of());

        public boolean any() {
            return !proposes.isEmpty() || !doesNotPropose.isEmpty() || !inForce.isEmpty() || !remedyText.isEmpty();
        }
    }

    /** A number expected, as written and as the engine reports it. */
    public record Expected(String written, double value) {
    }
}
