package dev.sparkdoc.signals;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The facts one signal class declares, in declaration order. Each is written once:
 * {@code static final Fact WALL = FACTS.ms("stage.wall", "…")}; {@link FactCatalog} joins the lists.
 * Only signal classes declare facts: the factory methods are this package's.
 */
public final class FactList implements Iterable<Fact> {

    private final ScopeKind scope;
    private final List<Fact> facts = new ArrayList<>();

    FactList(ScopeKind scope) {
        this.scope = scope;
    }

    Fact ms(String name, String meaning) {
        return add(name, FactUnit.MS, meaning);
    }

    Fact seconds(String name, String meaning) {
        return add(name, FactUnit.SECONDS, meaning);
    }

    Fact bytes(String name, String meaning) {
        return add(name, FactUnit.BYTES, meaning);
    }

    Fact count(String name, String meaning) {
        return add(name, FactUnit.COUNT, meaning);
    }

    Fact ratio(String name, String meaning) {
        return add(name, FactUnit.RATIO, meaning);
    }

    Fact fraction(String name, String meaning) {
        return add(name, FactUnit.FRACTION, meaning);
    }

    Fact flag(String name, String meaning) {
        return add(name, FactUnit.BOOLEAN, meaning);
    }

    Fact text(String name, String meaning) {
        return add(name, FactUnit.TEXT, meaning);
    }

    public List<Fact> all() {
        return List.copyOf(facts);
    }

    @Override
    public Iterator<Fact> iterator() {
        return all().iterator();
    }

    private Fact add(String name, FactUnit unit, String meaning) {
        Fact fact = new Fact(name, scope, unit, meaning);
        facts.add(fact);
        return fact;
    }
}
