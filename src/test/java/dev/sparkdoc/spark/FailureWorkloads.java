package dev.sparkdoc.spark;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;

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

    /** Not Serializable on purpose: the closure that captures it cannot be shipped to an executor. */
    static final class Helper {
        final long factor;

        Helper(long factor) {
            this.factor = factor;
        }
    }
}
