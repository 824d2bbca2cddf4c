package dev.sparkdoc.facts;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Collects the facts of one scope while a signal class computes them; only declared facts of that scope go in. */
public final class FactSink {

    private final Scope scope;
    private final Map<Fact, Double> values = new HashMap<>();
    private final Map<Fact, String> texts = new HashMap<>();
    private InForce settings = InForce.NONE;

    public FactSink(Scope scope) {
        this.scope = scope;
    }

    /** The configuration in force for this scope (remedies are checked against it). */
    public FactSink settings(InForce inForce) {
        this.settings = inForce;
        return this;
    }

    public FactSink put(Fact fact, double value) {
        check(fact, fact.unit() != FactUnit.TEXT, "is text: use text()");
        // NaN and infinities come from 0/0 and x/0: such a fact is "not measurable", not a number.
        if (Double.isFinite(value)) {
            values.put(fact, value);
        }
        return this;
    }

    public FactSink put(Fact fact, boolean value) {
        check(fact, fact.unit() == FactUnit.BOOLEAN, "is not true/false");
        values.put(fact, value ? 1.0 : 0.0);
        return this;
    }

    public FactSink put(Fact fact, Optional<? extends Number> value) {
        value.ifPresent(v -> put(fact, v.doubleValue()));
        return this;
    }

    public FactSink text(Fact fact, String value) {
        check(fact, fact.unit() == FactUnit.TEXT, "is a number: use put()");
        if (value != null && !value.isBlank()) {
            texts.put(fact, value);
        }
        return this;
    }

    public ScopeFacts build(Optional<ScopeFacts> parent) {
        return new ScopeFacts(scope, values, texts, parent, settings);
    }

    private void check(Fact fact, boolean unitFits, String unitProblem) {
        if (fact.scope() != scope.kind()) {
            throw new IllegalArgumentException("fact " + fact + " belongs to scope " + fact.scope().id() + ", not " + scope.kind().id());
        }
        if (!unitFits) {
            throw new IllegalArgumentException("fact " + fact + " " + unitProblem);
        }
    }

    /** a / b, or NaN (not measurable) when b is 0. */
    public static double ratio(double a, double b) {
        return b == 0 ? Double.NaN : a / b;
    }
}
