package dev.sparkdoc.spark;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Holds the tasks of a workload running until the test lets them go, so a live reader sees an
 * active stage with running tasks for as long as it needs, on a fast or a slow machine alike.
 *
 * <p>Works because {@code local[N]} runs tasks in the test JVM: a task's call to {@link #pass()}
 * reaches the same static latch the test opens. Closing the gate object opens it, so a failing
 * test never leaves tasks blocked; tasks also give up waiting after {@link #MAX_HOLD_MS}.
 *
 * <pre>{@code
 * try (TaskGate gate = TaskGate.shut()) {
 *     ... start a gated workload, observe it ...
 *     gate.open();
 * }
 * }</pre>
 */
public final class TaskGate implements AutoCloseable {

    /** A stuck test must not hold Spark forever. */
    static final long MAX_HOLD_MS = 120_000;

    private static volatile CountDownLatch latch = new CountDownLatch(0);
    private static final AtomicInteger WAITING = new AtomicInteger();

    private final CountDownLatch mine;

    private TaskGate(CountDownLatch mine) {
        this.mine = mine;
    }

    /** Shuts the gate: gated tasks started from now on wait in {@link #pass()}. */
    public static TaskGate shut() {
        CountDownLatch l = new CountDownLatch(1);
        latch = l;
        return new TaskGate(l);
    }

    /**
     * Tasks waiting at the gate right now. Wait for this rather than for "tasks started": under
     * AQE, Spark 4 runs independent shuffle stages side by side, so other tasks share the slots.
     */
    public int waiting() {
        return WAITING.get();
    }

    public void open() {
        mine.countDown();
    }

    @Override
    public void close() {
        open();
    }

    /** Called inside a task: returns once the gate is open (at once when no gate was shut). */
    static void pass() {
        WAITING.incrementAndGet();
        try {
            latch.await(MAX_HOLD_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            // Spark interrupts a task it kills (job cancelled, SparkContext stopped): let it end
            Thread.currentThread().interrupt();
        } finally {
            WAITING.decrementAndGet();
        }
    }
}
