package dev.sparkdoc.facts;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The one registry of every fact rules may use, with its scope, unit and meaning. Each signal
 * class declares its own facts ({@link FactList}); the catalogue finds them through the
 * {@link FactSource}s on the class path (signals' is the one), with no list kept by hand. Facts
 * come by scope (app, job, stage …), then by the class that declares them, in its order.
 */
public final class FactCatalog {

    private static final Map<String, Fact> BY_NAME = load();

    private FactCatalog() {
    }

    public static Optional<Fact> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The fact of a name the caller knows exists (a template checked at load, a test). */
    public static Fact require(String name) {
        Fact fact = BY_NAME.get(name);
        if (fact == null) {
            throw new IllegalArgumentException("unknown fact '" + name + "'");
        }
        return fact;
    }

    public static List<Fact> all() {
        return List.copyOf(BY_NAME.values());
    }

    /** Every fact's name, for a "did you mean" on a misspelt one. */
    public static Set<String> names() {
        return BY_NAME.keySet();
    }

    private static Map<String, Fact> load() {
        Map<String, Fact> byName = new LinkedHashMap<>();
        ServiceLoader.load(FactSource.class, FactCatalog.class.getClassLoader()).stream()
                .flatMap(p -> p.get().declared().stream())
                .sorted(Comparator.comparing((FactSource.Declared d) -> d.list().scope()).thenComparing(FactSource.Declared::by))
                .flatMap(d -> d.list().all().stream())
                .forEach(fact -> {
                    if (byName.put(fact.name(), fact) != null) {
                        throw new IllegalStateException("fact declared twice: " + fact.name());
                    }
                });
        return java.util.Collections.unmodifiableMap(byName);
    }
}
