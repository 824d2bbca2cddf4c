package dev.sparkdoc.rules;

import java.util.OptionalDouble;

/** One leaf as evaluated: {@code fact = value op threshold → passed}. */
public record LeafResult(String fact, OptionalDouble value, Op op, double threshold, String thresholdText, boolean passed) {
}
