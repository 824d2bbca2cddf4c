package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.testing.Snapshots;

/** Looks up computed facts of one scope in a hand-made snapshot. */
final class Facts {

    private Facts() {
    }

    static ScopeFacts of(Snapshots snapshot, ScopeKind kind, String id) {
        return Signals.compute(snapshot.build()).of(kind).stream().filter(s -> s.scope().id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind.id() + " " + id));
    }

    static ScopeFacts app(Snapshots snapshot) {
        return Signals.compute(snapshot.build()).app();
    }

    static double value(ScopeFacts facts, String fact) {
        return facts.value(fact).orElseThrow(() -> new AssertionError("fact " + fact + " not measured"));
    }
}
