package dev.sparkdoc.spark;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToLongFunction;
import org.apache.spark.sql.SparkSession;

/**
 * A workload running on its own thread, so the test thread can watch it live.
 *
 * <p>The job description is set on the workload's thread: Spark keeps it in thread-local
 * properties ({@code SparkContext.setJobDescription}), so it labels exactly this workload's jobs.
 */
public final class BackgroundJob {

    private final CompletableFuture<Long> result;

    private BackgroundJob(CompletableFuture<Long> result) {
        this.result = result;
    }

    public static BackgroundJob start(SparkSession spark, String description, ToLongFunction<SparkSession> workload) {
        CompletableFuture<Long> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                spark.sparkContext().setJobDescription(description);
                result.complete(workload.applyAsLong(spark));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, "sparkdoc-workload");
        thread.setDaemon(true);
        thread.start();
        return new BackgroundJob(result);
    }

    public boolean isDone() {
        return result.isDone();
    }

    /** The workload's result; rethrows its failure. */
    public long await(Duration timeout) {
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("workload failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("workload still running after " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for the workload", e);
        }
    }
}
