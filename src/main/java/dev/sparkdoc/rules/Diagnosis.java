package dev.sparkdoc.rules;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.signals.SignalSet;
import dev.sparkdoc.signals.Signals;
import java.util.List;

/** A snapshot with its ranked findings: what every front end shows. */
public record Diagnosis(AppSnapshot snapshot, List<Finding> findings) {

    public Diagnosis {
        findings = List.copyOf(findings);
    }

    public static Diagnosis of(AppSnapshot snapshot, List<Rule> rules) {
        SignalSet signals = Signals.compute(snapshot);
        return new Diagnosis(snapshot, RuleEngine.evaluate(rules, signals));
    }

    /** The worst severity among the findings, OK when there are none. */
    public Severity worst() {
        return findings.stream().map(Finding::severity).max(Enum::compareTo).orElse(Severity.OK);
    }

    public List<Finding> atLeast(Severity level) {
        return findings.stream().filter(f -> f.severity().atLeast(level)).toList();
    }
}
