package dev.sparkdoc.diff;

import dev.sparkdoc.model.SqlExecution;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The operators of a query's physical plan in both runs, by name and count: a join that changed
 * strategy (BroadcastHashJoin → SortMergeJoin), a new Exchange (shuffle), a Python UDF added
 * (BatchEvalPython, ArrowEvalPython, MapInPandas, …). Wrappers that only AQE and code generation
 * add (WholeStageCodegen (3), InputAdapter, *QueryStage) carry no meaning of their own.
 */
final class PlanComparison {

    private static final Set<String> WRAPPERS = Set.of("WholeStageCodegen", "InputAdapter", "AdaptiveSparkPlan",
            "ShuffleQueryStage", "BroadcastQueryStage", "TableCacheQueryStage", "ResultQueryStage", "ColumnarToRow",
            "RowToColumnar");
    /** AQE adds these by the size of each run's data: a change of them alone is not a plan change. */
    private static final Set<String> DATA_DEPENDENT = Set.of("AQEShuffleRead", "CustomShuffleReader");

    /** Operator counts that differ, and the sentences that say how. */
    record Difference(Map<String, Integer> before, Map<String, Integer> after, List<String> sentences, boolean structural) {
    }

    private PlanComparison() {
    }

    static Optional<Difference> compare(SqlExecution before, SqlExecution after) {
        if (before.nodes().isEmpty() || after.nodes().isEmpty()) {
            return Optional.empty();   // a REST snapshot of a running query may have no plan yet
        }
        Map<String, Integer> b = operators(before);
        Map<String, Integer> a = operators(after);
        if (a.equals(b)) {
            return Optional.empty();
        }
        List<String> removed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        Map<String, Integer> all = new TreeMap<>(b);
        a.forEach((k, v) -> all.putIfAbsent(k, 0));
        boolean structural = false;
        for (String op : all.keySet()) {
            int d = a.getOrDefault(op, 0) - b.getOrDefault(op, 0);
            if (d != 0 && !DATA_DEPENDENT.contains(op)) {
                structural = true;
            }
            if (d < 0) {
                removed.add(op);
            } else if (d > 0) {
                added.add(op);
            }
        }
        List<String> sentences = new ArrayList<>();
        List<String> joinsGone = removed.stream().filter(PlanComparison::isJoin).toList();
        List<String> joinsNew = added.stream().filter(PlanComparison::isJoin).toList();
        if (!joinsGone.isEmpty() && !joinsNew.isEmpty()) {
            sentences.add(String.join(", ", joinsGone) + " → " + String.join(", ", joinsNew));
        }
        for (String op : added) {
            if (isPython(op)) {
                sentences.add("Python UDF added (" + op + ")");
            }
        }
        for (String op : all.keySet()) {
            int d = a.getOrDefault(op, 0) - b.getOrDefault(op, 0);
            boolean saidAlready = (isJoin(op) && !joinsGone.isEmpty() && !joinsNew.isEmpty()) || (d > 0 && isPython(op));
            if (d != 0 && !saidAlready) {
                sentences.add((d > 0 ? "+" : "−") + Math.abs(d) + " " + op + " (" + b.getOrDefault(op, 0) + " → "
                        + a.getOrDefault(op, 0) + ")");
            }
        }
        return Optional.of(new Difference(b, a, sentences, structural));
    }

    static Map<String, Integer> operators(SqlExecution q) {
        Map<String, Integer> counts = new TreeMap<>();
        for (SqlExecution.PlanNode n : q.nodes()) {
            String op = normalise(n.name());
            if (!WRAPPERS.contains(op)) {
                counts.merge(op, 1, Integer::sum);
            }
        }
        return counts;
    }

    /** "WholeStageCodegen (3)" → "WholeStageCodegen"; "Scan parquet db.t" → "Scan parquet" (tables keep their names apart elsewhere). */
    static String normalise(String name) {
        String n = name.strip().replaceAll("\\s*\\(\\d+\\)$", "");
        if (n.startsWith("Scan ")) {
            String[] words = n.split("\\s+");
            return words.length >= 2 ? words[0] + " " + words[1] : n;
        }
        int space = n.indexOf(' ');
        return space < 0 ? n : n.substring(0, space);
    }

    static boolean isJoin(String op) {
        return op.endsWith("Join") || op.equals("CartesianProduct") || op.endsWith("NestedLoopJoin");
    }

    static boolean isPython(String op) {
        return op.contains("Python") || op.contains("Pandas") || op.contains("Arrow") && op.contains("Eval");
    }
}
