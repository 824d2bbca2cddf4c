package dev.sparkdoc.spark;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waits on a condition with a deadline: real Spark is never waited on with a fixed sleep. */
public final class Await {

    private static final long POLL_MS = 50;

    private Await() {
    }

    /** Polls {@code condition} until it is true; fails naming {@code what} after {@code timeout}. */
    public static void until(String what, Duration timeout, Supplier<Boolean> condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.get()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting until " + what);
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting until " + what, e);
            }
        }
    }

    /** Polls {@code read} until a value satisfies {@code ok}, and returns that value. */
    public static <T> T value(String what, Duration timeout, Supplier<T> read, Predicate<T> ok) {
        Object[] last = new Object[1];
        until(what, timeout, () -> {
            T v = read.get();
            last[0] = v;
            return ok.test(v);
        });
        @SuppressWarnings("unchecked")
        T v = (T) last[0];
        return v;
    }
}
