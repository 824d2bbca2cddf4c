package dev.sparkdoc.rules;

import com.fasterxml.jackson.annotation.JsonValue;

/** Comparison operators of a rule leaf. */
public enum Op {
    GT(">"), GE(">="), LT("<"), LE("<="), EQ("=="), NE("!=");

    private final String symbol;

    Op(String symbol) {
        this.symbol = symbol;
    }

    @JsonValue
    public String symbol() {
        return symbol;
    }

    public boolean test(double value, double threshold) {
        return switch (this) {
            case GT -> value > threshold;
            case GE -> value >= threshold;
            case LT -> value < threshold;
            case LE -> value <= threshold;
            case EQ -> value == threshold;
            case NE -> value != threshold;
        };
    }

    public static Op parse(String text) {
        for (Op op : values()) {
            if (op.symbol.equals(text)) {
                return op;
            }
        }
        throw new IllegalArgumentException("unknown operator '" + text + "' (>, >=, <, <=, ==, !=)");
    }
}
