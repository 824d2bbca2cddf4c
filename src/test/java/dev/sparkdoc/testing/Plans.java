package dev.sparkdoc.testing;

import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanEdge;
import dev.sparkdoc.model.SqlExecution.PlanMetric;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Hand-made physical plans for SQL executions. Edges run from child to parent, as Spark's
 * {@code SparkPlanGraph} draws them (data flows upwards).
 */
public final class Plans {

    private final List<PlanNode> nodes = new ArrayList<>();
    private final List<PlanEdge> edges = new ArrayList<>();

    public static Plans plan() {
        return new Plans();
    }

    public Plans node(long id, String name) {
        nodes.add(new PlanNode(id, name, Optional.empty(), List.of()));
        return this;
    }

    /** A node with one metric, e.g. "data size" of an Exchange or "number of output rows". */
    public Plans node(long id, String name, String metric, long total) {
        nodes.add(new PlanNode(id, name, Optional.empty(), List.of(new PlanMetric(metric, Long.toString(total), Optional.of(total)))));
        return this;
    }

    /** A node that declares {@code metric} but has no value of it: no task updated it (an event log keeps no zero update). */
    public Plans nodeWithoutValue(long id, String name, String metric) {
        nodes.add(new PlanNode(id, name, Optional.empty(), List.of(new PlanMetric(metric, "", Optional.empty()))));
        return this;
    }

    /** A node as Spark prints it ({@code detail}), with metrics as name, total pairs: "data size", 38_475_648L, … */
    public Plans node(long id, String name, String detail, Object... metrics) {
        List<PlanMetric> m = new ArrayList<>();
        for (int i = 0; i + 1 < metrics.length; i += 2) {
            long total = ((Number) metrics[i + 1]).longValue();
            m.add(new PlanMetric((String) metrics[i], Long.toString(total), Optional.of(total)));
        }
        nodes.add(new PlanNode(id, name, Optional.empty(), m, detail));
        return this;
    }

    /** {@code child} feeds {@code parent}. */
    public Plans edge(long child, long parent) {
        edges.add(new PlanEdge(child, parent));
        return this;
    }

    public SqlExecution build(long id, long durationMs, Integer... jobIds) {
        return new SqlExecution(id, "select * from t" + id, "COMPLETED", Optional.of(Snapshots.T0.plusSeconds(10)), durationMs,
                List.of(), List.of(jobIds), List.of(), nodes, edges, Optional.empty());
    }

    /**
     * {@code SortMergeJoin} over two shuffled sides: 0 = join, 1/2 = Sort, 3/4 = Exchange with
     * the given data sizes, 5/6 = scans.
     */
    public static Plans sortMergeJoin(long leftBytes, long rightBytes) {
        return sortMergeJoin(leftBytes, rightBytes, "Inner");
    }

    /** As {@link #sortMergeJoin(long, long)}, the join printed as Spark prints it, with its type ({@code LeftOuter}). */
    public static Plans sortMergeJoin(long leftBytes, long rightBytes, String joinType) {
        Plans p = plan();
        p.nodes.add(new PlanNode(0, "SortMergeJoin", Optional.empty(), List.of(), "SortMergeJoin [key#1L], [key#5L], " + joinType));
        return p.node(1, "Sort").node(2, "Sort")
                .node(3, "Exchange", "data size", leftBytes).node(4, "Exchange", "data size", rightBytes)
                .node(5, "Scan parquet left").node(6, "Scan parquet right")
                .edge(1, 0).edge(2, 0).edge(3, 1).edge(4, 2).edge(5, 3).edge(6, 4);
    }
}
