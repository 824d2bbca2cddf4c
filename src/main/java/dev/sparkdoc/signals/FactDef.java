package dev.sparkdoc.signals;

/** The definition of a named fact: what it measures, where it applies and in which unit. */
public record FactDef(String name, ScopeKind scope, FactUnit unit, String description) {

    public FactDef {
        if (!name.startsWith(scope.id() + ".") && !name.startsWith("config.")) {
            throw new IllegalArgumentException("fact " + name + " must start with its scope '" + scope.id() + ".'");
        }
    }
}
