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

    /** @param className as the JVM names it ({@code [B}, {@code java.lang.String}) */
    public record Entry(String className, long instances, long bytes) {
    }
}
