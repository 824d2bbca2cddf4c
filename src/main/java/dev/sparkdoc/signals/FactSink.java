package dev.sparkdoc.signals;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Collects the facts of one scope while a signal class computes them. */
public final class FactSink {

    private final Scope scope;
    private final Map<String, Double> values = new HashMap<>();
    private final Map<String, String> texts = new HashMap<>();

    public FactSink(Scope scope) {
        this.scope = scope;
    }

    public FactSink put(String fact, double value) {
        // NaN and infinities come from 0/0 and x/0: such a fact is "not measurable", not a number.
        if (Double.isFinite(value)) {
            values.put(fact, value);
        }
        return this;
    }

    public FactSink put(String fact, boolean value) {
        values.put(fact, value ? 1.0 : 0.0);
        return this;
    }

    public FactSink put(String fact, Optional<? extends Number> value) {
        value.ifPresent(v -> put(fact, v.doubleValue()));
        return this;
    }

    public FactSink text(String fact, String value) {
        if (value != null && !value.isBlank()) {
            texts.put(fact, value);
        }
        return this;
    }

    public ScopeFacts build(Optional<ScopeFacts> parent) {
        return new ScopeFacts(scope, values, texts, parent);
    }

    /** a / b, or NaN (not measurable) when b is 0. */
    public static double ratio(double a, double b) {
        return b == 0 ? Double.NaN : a / b;
    }
}
