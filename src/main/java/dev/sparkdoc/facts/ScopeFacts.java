package dev.sparkdoc.facts;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The facts computed for one scope. A lookup that misses falls back to the app's facts, so a
 * stage rule can also test app-wide facts such as {@code config.aqe.enabled}.
 *
 * @param values numeric facts (booleans as 0/1); a fact absent here was not measurable
 * @param texts  text facts, for titles and remedies (e.g. the top exception class)
 * @param settings the configuration in force here; {@link InForce#NONE} falls back to the parent's
 */
public record ScopeFacts(Scope scope, Map<Fact, Double> values, Map<Fact, String> texts, Optional<ScopeFacts> parent,
                         InForce settings) {

    public ScopeFacts {
        values = Map.copyOf(values);
        texts = Map.copyOf(texts);
    }

    /** The configuration in force for this scope: its own, else its parent's. */
    public InForce inForce() {
        return !settings.isNone() ? settings : parent.map(ScopeFacts::inForce).orElse(InForce.NONE);
    }

    public OptionalDouble value(Fact fact) {
        Double v = values.get(fact);
        if (v != null) {
            return OptionalDouble.of(v);
        }
        return parent.map(p -> p.value(fact)).orElse(OptionalDouble.empty());
    }

    public Optional<String> text(Fact fact) {
        String t = texts.get(fact);
        if (t != null) {
            return Optional.of(t);
        }
        return parent.flatMap(p -> p.text(fact));
    }

    /** By name, as rule files and templates write it; a name no fact has is an error. */
    public OptionalDouble value(String name) {
        return value(FactCatalog.require(name));
    }

    /** By name, as templates write it; a name no fact has is an error. */
    public Optional<String> text(String name) {
        return text(FactCatalog.require(name));
    }
}
