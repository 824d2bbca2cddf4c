package dev.sparkdoc.facts;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The facts one signal class declares, in declaration order. Each is written once:
 * {@code static final Fact WALL = FACTS.ms("stage.wall", "…")}; signals' {@code FactCatalog} finds the lists.
 */
public final class FactList implements Iterable<Fact> {

    private final ScopeKind scope;
    private final List<Fact> facts = new ArrayList<>();

    public FactList(ScopeKind scope) {
        this.scope = scope;
    }

    public Fact ms(String name, String meaning) {
        return add(name, FactUnit.MS, meaning);
    }

    public Fact seconds(String name, String meaning) {
        return add(name, FactUnit.SECONDS, meaning);
    }

    public Fact bytes(String name, String meaning) {
        return add(name, FactUnit.BYTES, meaning);
    }

    public Fact count(String name, String meaning) {
        return add(name, FactUnit.COUNT, meaning);
    }

    public Fact ratio(String name, String meaning) {
        return add(name, FactUnit.RATIO, meaning);
    }

    public Fact fraction(String name, String meaning) {
        return add(name, FactUnit.FRACTION, meaning);
    }

    public Fact flag(String name, String meaning) {
        return add(name, FactUnit.BOOLEAN, meaning);
    }

    public Fact text(String name, String meaning) {
        return add(name, FactUnit.TEXT, meaning);
    }

    public ScopeKind scope() {
        return scope;
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
