package dev.sparkdoc.spark;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * Real Spark work that fails, or never runs, for {@link FailureScenarioTest}: a query that fails
 * in analysis, a closure that cannot be serialized, a job the application cancels, a job no
 * executor can take. Each throws what Spark throws; the tests check it.
 */
final class FailureWorkloads {

    /** The column the analysis-error query asks for; the frame has only {@code id}. */
    static final String MISSPELT = "idd";
    static final String CANCEL_GROUP = "sparkdoc-cancel-me";
    /** Long enough that only the cancellation ends the job, on any machine. */
    static final long SLEEP_UNTIL_CANCELLED_MS = 600_000;

    private FailureWorkloads() {
    }

    /** df.select("idd") on a frame with column id: Spark 4 fails it in analysis, inside a SQL execution, before any job. */
    static long misspeltColumn(SparkSession spark) {
        return spark.range(0, 100, 1, 2).toDF("id").select(MISSPELT).collectAsList().size();
    }

    /** A map whose closure captures a {@link Helper}, which is not Serializable: "Task not serializable". */
    static long notSerializableClosure(SparkSession spark) {
        Helper helper = new Helper(3);
        return spark.range(0, 100, 1, 2).map((MapFunction<Long, Long>) v -> v * helper.factor, Encoders.LONG())
                .collectAsList().size();
    }

    /** Two tasks that sleep until the test cancels their job group (interruptOnCancel, so the slots free at once). */
    static long sleepUntilCancelled(SparkSession spark) {
        spark.sparkContext().setJobGroup(CANCEL_GROUP, "a job the test cancels", true);
        return spark.range(0, 2, 1, 2)
                .mapPartitions(new Scenarios.SleepyPartition(0, SLEEP_UNTIL_CANCELLED_MS, SLEEP_UNTIL_CANCELLED_MS), Encoders.LONG())
                .count();
    }

    /** A small count: on a cluster whose executors cannot fit, it waits until cancelled. */
    static long count(SparkSession spark) {
        return spark.range(0, 10, 1, 2).count();
    }

    /** Rows of {@link #heldShuffle}: every one is counted once in the reduce stage, whatever reran. */
    static final int SHUFFLE_ROWS = 20_000;
    static final int MAP_TASKS = 2;
    /** More reduce tasks than slots, so some start only after the test killed an executor. */
    static final int REDUCE_TASKS = 8;

    /**
     * A two-stage RDD job held at two {@link FileGate}s: each map task waits at {@code map} (so the
     * test can see both executors run one, and each holds map output), each reduce task reads its
     * whole shuffle input and then waits at {@code reduce}. Returns the rows the reducers counted.
     */
    static long heldShuffle(SparkSession spark, FileGate gate) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<Integer> rows = java.util.stream.IntStream.range(0, SHUFFLE_ROWS).boxed().toList();
        return jsc.parallelize(rows, MAP_TASKS)
                .mapPartitions((FlatMapFunction<Iterator<Integer>, Integer>) it -> {
                    gate.pass("map");
                    return it;
                })
                .mapToPair(v -> new Tuple2<>(v % 97, (long) v))
                .groupByKey(REDUCE_TASKS)
                .mapPartitions((FlatMapFunction<Iterator<Tuple2<Integer, Iterable<Long>>>, Long>) it -> {
                    long n = 0;
                    while (it.hasNext()) {
                        for (Long ignored : it.next()._2()) {
                            n++;
                        }
                    }
                    gate.pass("reduce");
                    return List.of(n).iterator();
                })
                .reduce(Long::sum);
    }

    /** Not Serializable on purpose: the closure that captures it cannot be shipped to an executor. */
    static final class Helper {
        final long factor;

        Helper(long factor) {
            this.factor = factor;
        }
    }
}
