package dev.sparkdoc.signals;

import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskSample;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Whether a stage's hot partition holds the NULL keys of an outer join. Spark's hash partitioning
 * is {@code pmod(murmur3(keys, seed 42), n)}, and Murmur3 of a NULL is its seed: every row whose
 * keys are all NULL goes to partition {@code 42 mod n}. An inner join never shuffles them (the
 * optimizer filters them out), an outer or anti join keeps its preserved side's. So a hot task
 * that read exactly that partition, in a query with such a join, is the NULL keys, not a hot value:
 * a value that happens to hash there is one chance in n.
 *
 * <p>Without AQE's merging a task reads the partition of its own index. With it, a task reads a
 * run of neighbouring partitions; the task that read the NULLs reads that partition alone (it is
 * over the advisory size), and its place is what the tasks before it read over an even
 * partition's bytes. That needs those tasks' reads: the source keeps only the slowest tasks of a
 * stage, so a merged stage of many tasks may not tell, and the fact is then absent.
 */
final class NullKeySkew {

    static final FactList FACTS = new FactList(ScopeKind.STAGE);
    static final Fact NULL_KEYS = FACTS.flag("stage.skew.nullKeys",
            "the task that read the most read the partition every NULL key hashes to (42 mod the partitions), in a query whose "
                    + "outer or anti shuffle join keeps NULL keys (no isnotnull filter below it); absent when the source cannot tell");
    static final Fact JOIN = FACTS.text("stage.skew.nullKeys.join",
            "the join that keeps NULL keys: its operator, type and the preserved side's unfiltered key columns");
    static final Fact WHERE = FACTS.text("stage.skew.nullKeys.where",
            "how the hot task's partition was placed at the NULL keys' partition: its index, or its place among AQE's merged partitions");

    /** Murmur3Hash's seed in Spark's HashPartitioning: the hash of an all-NULL key. */
    static final int NULL_HASH = 42;
    /**
     * Merged partitions are placed from the bytes before them over an even partition's: hash
     * partitions of many keys differ by a few percent, so the estimate may drift by that share of
     * its place, and by one partition for rounding.
     */
    static final double PLACE_DRIFT = 0.05;

    private NullKeySkew() {
    }

    static void compute(PlanGraph plan, Stage stage, FactSink sink) {
        List<PlanGraph.NullKeyJoin> joins = plan.nullKeyJoins().stream().filter(j -> j.partitions() > 1).toList();
        long shuffleRead = stage.totals().shuffleReadBytes();
        if (joins.isEmpty() || shuffleRead <= 0 || stage.tasks().total() < 2) {
            return;
        }
        Map<Integer, TaskSample> finished = stage.notableTasks().stream().filter(t -> "SUCCESS".equals(t.status()))
                .collect(Collectors.toMap(TaskSample::index, Function.identity(), (a, b) -> a));
        Optional<TaskSample> hot = finished.values().stream().max(Comparator.comparingLong(TaskSample::shuffleReadBytes));
        if (hot.isEmpty() || hot.get().shuffleReadBytes() <= 0) {
            return;
        }
        for (PlanGraph.NullKeyJoin join : joins) {
            Optional<String> where = place(join.partitions(), stage.tasks().total(), shuffleRead, hot.get(), finished);
            if (where.isEmpty()) {
                continue;  // cannot tell for this join
            }
            boolean atNulls = !where.get().isEmpty();
            sink.put(NULL_KEYS, atNulls);
            if (atNulls) {
                sink.text(JOIN, join.operator() + " " + join.type() + " on " + String.join(", ", join.keys()))
                        .text(WHERE, where.get());
                return;
            }
        }
    }

    /**
     * Where the hot task's partition is: empty when it cannot be told, an empty text when it is
     * not the NULL keys' partition, else how it was found to be.
     */
    static Optional<String> place(int partitions, int tasks, long shuffleRead, TaskSample hot, Map<Integer, TaskSample> finished) {
        int nulls = NULL_HASH % partitions;
        if (tasks == partitions) {
            return Optional.of(hot.index() == nulls
                    ? "the task that read the most read shuffle partition " + nulls + " of " + CountFormat.of(partitions) + ", where every NULL key hashes"
                    : "");
        }
        if (tasks > partitions) {
            return Optional.empty();  // not this join's shuffle: more tasks than its partitions
        }
        long before = 0;
        for (int i = 0; i < hot.index(); i++) {
            TaskSample t = finished.get(i);
            if (t == null) {
                return Optional.empty();  // a task before it was not kept: its place is unknown
            }
            before += t.shuffleReadBytes();
        }
        double even = (double) (shuffleRead - hot.shuffleReadBytes()) / (partitions - 1);
        if (even <= 0) {
            return Optional.empty();
        }
        double place = before / even;
        boolean atNulls = Math.abs(place - nulls) <= 1 + PLACE_DRIFT * nulls;
        if (!atNulls) {
            return Optional.of("");
        }
        String merged = "AQE merged " + CountFormat.of(partitions) + " shuffle partitions into " + CountFormat.of(tasks) + " tasks; ";
        return Optional.of(merged + (hot.index() == 0
                ? "the one that read the most is the first, from partition 0 on, and every NULL key hashes to partition " + nulls
                : "the " + CountFormat.of(hot.index()) + " before the one that read the most read " + CountFormat.of(Math.round(place))
                        + " partitions' worth, so it read partition " + nulls + ", where every NULL key hashes"));
    }
}
