package dev.sparkdoc.facts;

/**
 * One named fact, declared once in the signal class that computes it (see {@link FactList}):
 * where it applies, its unit and what it means. Rules name facts; the engine converts units.
 *
 * @param meaning one line for people: {@code sparkdoc rules facts} prints it
 */
public record Fact(String name, ScopeKind scope, FactUnit unit, String meaning) {

    public Fact {
        if (!name.startsWith(scope.id() + ".") && !name.startsWith("config.")) {
            throw new IllegalArgumentException("fact " + name + " must start with its scope '" + scope.id() + ".'");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
