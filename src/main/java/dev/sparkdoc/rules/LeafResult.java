package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Fact;
import java.util.OptionalDouble;

/** One leaf as evaluated: {@code fact = value op threshold → passed}. */
public record LeafResult(Fact fact, OptionalDouble value, Op op, double threshold, String thresholdText, boolean passed) {
}
