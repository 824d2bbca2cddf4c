package dev.sparkdoc.facts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every scope's facts of one snapshot, as the diagnosis computed them: the app's, and every other
 * scope's (each falls back to the app's). A view that shows a number a fact holds reads it here,
 * so the screen and the finding never disagree on it.
 */
public final class FactSet {

    /** No facts: a diagnosis made without signals. */
    public static final FactSet NONE = new FactSet(new ScopeFacts(Scope.app("", ""), Map.of(), Map.of(), Optional.empty(), InForce.NONE),
            List.of());

    private final ScopeFacts app;
    private final List<ScopeFacts> scopes;
    private final Map<String, ScopeFacts> byKey = new HashMap<>();

    public FactSet(ScopeFacts app, List<ScopeFacts> scopes) {
        this.app = app;
        this.scopes = List.copyOf(scopes);
        this.scopes.forEach(f -> byKey.putIfAbsent(key(f.scope().kind(), f.scope().id()), f));
    }

    public ScopeFacts app() {
        return app;
    }

    public List<ScopeFacts> scopes() {
        return scopes;
    }

    /** The app scope alone for {@link ScopeKind#APP}, else every scope of that kind. */
    public List<ScopeFacts> of(ScopeKind kind) {
        if (kind == ScopeKind.APP) {
            return List.of(app);
        }
        return scopes.stream().filter(s -> s.scope().kind() == kind).toList();
    }

    /** One scope's facts by its id ("12.0" for attempt 0 of stage 12); the app's for the app. */
    public Optional<ScopeFacts> find(ScopeKind kind, String id) {
        return kind == ScopeKind.APP ? Optional.of(app) : Optional.ofNullable(byKey.get(key(kind, id)));
    }

    private static String key(ScopeKind kind, String id) {
        return kind.id() + ":" + id;
    }
}
