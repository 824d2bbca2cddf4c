package dev.sparkdoc.model;

/** Five-number summary of one task metric over a stage's finished tasks. */
public record Quantiles(double min, double p25, double p50, double p75, double max) {

    public static final Quantiles ZERO = new Quantiles(0, 0, 0, 0, 0);
}
