package dev.sparkdoc.signals;

import dev.sparkdoc.model.SqlExecution.PlanNode;

/** A UDF named in a plan operator's expressions, with the operator that evaluates it. */
record PlanUdf(String name, UdfKind kind, PlanNode node) {
}
