package dev.sparkdoc.rules;

import dev.sparkdoc.signals.ScopeFacts;
import java.util.Optional;

/**
 * One case of a rule test file: facts in, and whether the rule fires, with what severity, seconds
 * lost and title, out. As {@code promtool test rules} does for Prometheus alerts.
 *
 * @param where       "FILE:LINE" of the case, for the one line a failing case prints
 * @param facts       the scope's facts, falling back to the app's, as the engine sees them
 * @param secondsLost expected seconds lost, as written ("48s") and in seconds
 */
public record RuleTestCase(String where, String name, Rule rule, ScopeFacts facts, boolean fires,
                           Optional<Severity> severity, Optional<Expected> secondsLost, Optional<String> title) {

    /** A number expected, as written and as the engine reports it. */
    public record Expected(String written, double value) {
    }
}
