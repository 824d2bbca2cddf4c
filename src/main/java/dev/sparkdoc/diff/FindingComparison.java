package dev.sparkdoc.diff;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Findings (warning or worse) of the current run that the baseline did not have: same rule on
 * the counterpart scope. Stages, jobs and queries are compared through the alignment (their ids
 * differ between runs); executors and processes by rule alone (executor ids are per run).
 */
final class FindingComparison {

    private FindingComparison() {
    }

    /**
     * @param counterpart the baseline id of a current stage ("5.0" → "4.0"), job or query, by
     *                    scope kind; absent when it has none
     */
    static List<Change> newFindings(Diagnosis before, Diagnosis after, Map<ScopeKind, Map<String, String>> counterpart) {
        List<Finding> old = before.atLeast(Severity.WARNING);
        List<Change> out = new ArrayList<>();
        for (Finding f : after.atLeast(Severity.WARNING)) {
            if (old.stream().anyMatch(o -> o.rule().equals(f.rule()) && sameScope(o.scope(), f.scope(), counterpart))) {
                continue;
            }
            String title = "new finding: " + f.title();
            List<String> details = List.of(f.rule() + " (" + f.severity().id() + ", "
                    + f.lostText(s -> DurationFormat.of(s * 1000)) + ")");
            out.add(new Change(ChangeKind.FINDING, title, f.scope().label(), Optional.empty(), Optional.of(f.scope().id()),
                    Optional.empty(), true, details, List.of()));
        }
        return out;
    }

    private static boolean sameScope(Scope old, Scope now, Map<ScopeKind, Map<String, String>> counterpart) {
        if (old.kind() != now.kind()) {
            return false;
        }
        return switch (now.kind()) {
            case APP, EXECUTOR, PROCESS, STREAM -> true;
            case STAGE, JOB, SQL -> Optional.ofNullable(counterpart.getOrDefault(now.kind(), Map.of()).get(now.id()))
                    .map(old.id()::equals).orElse(false);
        };
    }
}
