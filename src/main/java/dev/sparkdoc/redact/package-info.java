/**
 * One place for secrets: which keys are secret ({@link dev.sparkdoc.redact.Redaction}, Spark's
 * {@code spark.redaction.regex} and more), free text, command lines, a snapshot's free-text
 * fields and the log stream of {@code attach}. Cross-cutting: it depends on {@code model} only
 * (for the snapshot walk), and anything right of {@code model} may use it.
 */
package dev.sparkdoc.redact;
