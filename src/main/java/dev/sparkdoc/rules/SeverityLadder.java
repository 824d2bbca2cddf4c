package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.ScopeFacts;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Severity of a fired rule, Dr. Elephant style: a ladder on one fact, each step with its own
 * comparison ({@code warning: ">= 10s"}, {@code critical: "<= 2%"}). Below the steps, or when the
 * fact is not measured, the rule has its {@code base} severity (info unless the rule says).
 */
public record SeverityLadder(Severity base, Optional<Fact> fact, Optional<Comparison> warning, Optional<Comparison> critical) {

    public static SeverityLadder fixed(Severity severity) {
        return new SeverityLadder(severity, Optional.empty(), Optional.empty(), Optional.empty());
    }

    public Severity of(ScopeFacts facts) {
        if (fact.isEmpty()) {
            return base;
        }
        OptionalDouble value = facts.value(fact.get());
        if (value.isEmpty()) {
            return base;
        }
        double v = value.getAsDouble();
        if (critical.isPresent() && critical.get().test(v)) {
            return Severity.CRITICAL;
        }
        if (warning.isPresent() && warning.get().test(v)) {
            return Severity.WARNING;
        }
        return base;
    }
}
