package dev.sparkdoc.rules;

import dev.sparkdoc.facts.FactSet;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.signals.SignalSet;
import dev.sparkdoc.signals.Signals;
import dev.sparkdoc.signals.StageNames;
import java.util.List;
import java.util.Optional;

/**
 * A snapshot with its ranked findings: what every front end shows.
 *
 * @param driverLog the driver's log the diagnosis read beside the snapshot, so a report's crash verdict agrees with its findings
 * @param names     what its stages and jobs are called, as its findings call them (built once, asked for every row)
 * @param facts     every scope's facts the findings were judged on: a view shows a fact's number from here, never a second formula
 */
public record Diagnosis(AppSnapshot snapshot, List<Finding> findings, Optional<DriverLog> driverLog, StageNames names, FactSet facts) {

    public Diagnosis {
        findings = List.copyOf(findings);
    }

    public static Diagnosis of(AppSnapshot snapshot, List<Rule> rules) {
        return of(snapshot, rules, Optional.empty());
    }

    /** With the local process table when the application runs on this machine. */
    public static Diagnosis of(AppSnapshot snapshot, List<Rule> rules, Optional<ProcessTable> processes) {
        return of(snapshot, rules, processes, Optional.empty());
    }

    /** With the driver's log beside the event log: its JVM deaths join the findings. */
    public static Diagnosis of(AppSnapshot snapshot, List<Rule> rules, Optional<ProcessTable> processes,
            Optional<DriverLog> driverLog) {
        SignalSet signals = Signals.compute(snapshot, processes, driverLog);
        return new Diagnosis(snapshot, RuleEngine.evaluate(rules, signals), driverLog, signals.names(), signals.facts());
    }

    /** The worst severity among the findings, OK when there are none. */
    public Severity worst() {
        return findings.stream().map(Finding::severity).max(Enum::compareTo).orElse(Severity.OK);
    }

    public List<Finding> atLeast(Severity level) {
        return findings.stream().filter(f -> f.severity().atLeast(level)).toList();
    }
}
