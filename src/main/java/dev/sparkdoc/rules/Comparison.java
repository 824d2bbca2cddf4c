package dev.sparkdoc.rules;

/**
 * One step of a severity ladder as written: {@code ">= 10s"}, {@code "<= 2%"}.
 *
 * @param threshold in the fact's unit
 * @param text      as written in the rule, for 'rules show' and messages
 */
public record Comparison(Op op, double threshold, String text) {

    public boolean test(double value) {
        return op.test(value, threshold);
    }

    /**
     * True when every value this comparison holds for also satisfies {@code other}: a warning
     * step inside the critical one can never decide anything.
     */
    boolean within(Comparison other) {
        if (upwards() && other.upwards()) {
            return threshold > other.threshold || threshold == other.threshold && !(inclusive() && !other.inclusive());
        }
        if (downwards() && other.downwards()) {
            return threshold < other.threshold || threshold == other.threshold && !(inclusive() && !other.inclusive());
        }
        return false;
    }

    private boolean upwards() {
        return op == Op.GT || op == Op.GE;
    }

    private boolean downwards() {
        return op == Op.LT || op == Op.LE;
    }

    private boolean inclusive() {
        return op == Op.GE || op == Op.LE;
    }
}
