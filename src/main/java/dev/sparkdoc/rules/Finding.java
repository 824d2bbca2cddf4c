package dev.sparkdoc.rules;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.signals.Scope;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fired rule on one scope: what is wrong, the numbers that show it, what it costs and what to
 * change. Every front end (text, JSON, TUI) shows these.
 */
public record Finding(
        String rule,
        String family,
        Severity severity,
        String title,
        Scope scope,
        double secondsLost,
        double confidence,
        List<Evidence> evidence,
        List<Remedy> remedies,
        String verify,
        String docs) {

    public Finding {
        evidence = List.copyOf(evidence);
        remedies = List.copyOf(remedies);
    }

    /**
     * One number behind a finding; {@code op} and {@code threshold} are present for the
     * condition's leaves and absent for extra evidence.
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT)
    public record Evidence(String fact, double value, String unit, String display,
                           Optional<String> op, Optional<Double> threshold) {
    }

}
