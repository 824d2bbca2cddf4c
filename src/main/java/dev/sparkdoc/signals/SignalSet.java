package dev.sparkdoc.signals;

import dev.sparkdoc.facts.FactSet;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import java.util.List;

/**
 * All facts of one snapshot: the app's, and every other scope's (each falls back to the app's),
 * with the names its stages and jobs were given, for the front ends to show the same ones.
 */
public record SignalSet(ScopeFacts app, List<ScopeFacts> scopes, StageNames names) {

    public SignalSet {
        scopes = List.copyOf(scopes);
    }

    /** Facts made by hand (rule tests): stages go by Spark's names. */
    public SignalSet(ScopeFacts app, List<ScopeFacts> scopes) {
        this(app, scopes, StageNames.alone());
    }

    /** The facts alone, as a diagnosis keeps them for the front ends. */
    public FactSet facts() {
        return new FactSet(app, scopes);
    }

    /** The app scope first, then the rest: what a rule of a given scope kind is evaluated over. */
    public List<ScopeFacts> of(ScopeKind kind) {
        if (kind == ScopeKind.APP) {
            return List.of(app);
        }
        return scopes.stream().filter(s -> s.scope().kind() == kind).toList();
    }
}
