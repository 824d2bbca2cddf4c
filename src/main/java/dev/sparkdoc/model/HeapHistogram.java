package dev.sparkdoc.model;

import java.util.List;

/**
 * A JVM's live objects by class, largest first, as {@code jcmd PID GC.class_histogram} counts them
 * after the full collection it runs.
 */
public record HeapHistogram(long pid, List<Entry> entries, long totalInstances, long totalBytes) {

    public HeapHistogram {
        entries = List.copyOf(entries);
    }

    /** The share of the heap's bytes that {@code e} holds, in percent (0 for an empty heap). */
    public double percentOf(Entry e) {
        return totalBytes > 0 ? 100.0 * e.bytes() / totalBytes : 0;
    }

    /** @param className as the JVM names it ({@code [B}, {@code java.lang.String}) */
    public record Entry(String className, long instances, long bytes) {
    }
}
