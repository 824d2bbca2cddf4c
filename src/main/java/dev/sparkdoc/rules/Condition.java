package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.ScopeFacts;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * A rule's {@code when}: an all/any/not tree whose leaves compare a named fact to a threshold.
 * Arithmetic lives in Java as derived facts; conditions only compare.
 */
public sealed interface Condition {

    /** Evaluates over one scope's facts, reporting every leaf it looked at. */
    boolean test(ScopeFacts facts, Consumer<LeafResult> explain);

    /** Every leaf in the tree, in order. */
    List<Compare> leaves();

    record All(List<Condition> of) implements Condition {
        public All {
            of = List.copyOf(of);
        }

        @Override
        public boolean test(ScopeFacts facts, Consumer<LeafResult> explain) {
            boolean result = true;
            // No short cut: the explanation shows every leaf, passed or not.
            for (Condition c : of) {
                result &= c.test(facts, explain);
            }
            return result;
        }

        @Override
        public List<Compare> leaves() {
            return of.stream().flatMap(c -> c.leaves().stream()).toList();
        }
    }

    record Any(List<Condition> of) implements Condition {
        public Any {
            of = List.copyOf(of);
        }

        @Override
        public boolean test(ScopeFacts facts, Consumer<LeafResult> explain) {
            boolean result = false;
            for (Condition c : of) {
                result |= c.test(facts, explain);
            }
            return result;
        }

        @Override
        public List<Compare> leaves() {
            return of.stream().flatMap(c -> c.leaves().stream()).toList();
        }
    }

    record Not(Condition of) implements Condition {
        @Override
        public boolean test(ScopeFacts facts, Consumer<LeafResult> explain) {
            return !of.test(facts, explain);
        }

        @Override
        public List<Compare> leaves() {
            return of.leaves();
        }
    }

    /**
     * {@code fact op threshold}; a fact that could not be measured for this scope makes the leaf
     * false (and "not" of it true), so write conditions that need a fact positively.
     *
     * @param threshold     in the fact's unit
     * @param thresholdText the threshold as written in the rule ("5s"), for explanations
     */
    record Compare(Fact fact, Op op, double threshold, String thresholdText) implements Condition {
        @Override
        public boolean test(ScopeFacts facts, Consumer<LeafResult> explain) {
            OptionalDouble value = facts.value(fact);
            boolean passed = value.isPresent() && op.test(value.getAsDouble(), threshold);
            explain.accept(new LeafResult(fact, value, op, threshold, thresholdText, passed));
            return passed;
        }

        @Override
        public List<Compare> leaves() {
            return List.of(this);
        }
    }
}
