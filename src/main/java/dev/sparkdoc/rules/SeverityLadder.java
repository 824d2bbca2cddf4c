package dev.sparkdoc.rules;

import dev.sparkdoc.signals.ScopeFacts;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Severity of a fired rule, Dr. Elephant style: a ladder on one fact. With {@code warning} above
 * {@code critical} the ladder runs downwards (lower is worse, e.g. slot utilisation).
 * Without a fact the rule always has its {@code base} severity.
 */
public record SeverityLadder(Severity base, Optional<String> fact, OptionalDouble warning, OptionalDouble critical) {

    public static SeverityLadder fixed(Severity severity) {
        return new SeverityLadder(severity, Optional.empty(), OptionalDouble.empty(), OptionalDouble.empty());
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
        boolean downwards = warning.isPresent() && critical.isPresent() && critical.getAsDouble() < warning.getAsDouble();
        if (critical.isPresent() && reaches(v, critical.getAsDouble(), downwards)) {
            return Severity.CRITICAL;
        }
        if (warning.isPresent() && reaches(v, warning.getAsDouble(), downwards)) {
            return Severity.WARNING.atLeast(base) ? Severity.WARNING : base;
        }
        return base;
    }

    private static boolean reaches(double value, double threshold, boolean downwards) {
        return downwards ? value <= threshold : value >= threshold;
    }
}
