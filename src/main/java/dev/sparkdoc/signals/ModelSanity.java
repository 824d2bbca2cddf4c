package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.AppSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Inconsistencies between what the snapshot measured and what its settings say, as notes for the
 * report rather than findings: the signals already keep them out of the facts (a heap size a peak
 * exceeds is unknown, so the heap rules stay silent), and the note tells the reader why.
 */
public final class ModelSanity {

    private ModelSanity() {
    }

    public static List<String> notes(AppSnapshot s) {
        return notes(s, AppContext.of(s));
    }

    public static List<String> notes(AppSnapshot s, AppContext ctx) {
        List<String> notes = new ArrayList<>();
        heapAboveItsSize(s, ctx, false).ifPresent(notes::add);
        heapAboveItsSize(s, ctx, true).ifPresent(notes::add);
        return notes;
    }

    private static Optional<String> heapAboveItsSize(AppSnapshot s, AppContext ctx, boolean driver) {
        long size = driver ? ctx.driverHeap().bytes() : ctx.settings().bytes("spark.executor.memory");
        String key = driver ? "spark.driver.memory" : "spark.executor.memory";
        List<Long> over = s.executors().stream().filter(e -> e.isDriver() == driver)
                .map(e -> e.peak("JVMHeapMemory").orElse(0L)).filter(peak -> peak > size).toList();
        if (over.isEmpty()) {
            return Optional.empty();
        }
        long max = over.stream().mapToLong(Long::longValue).max().orElseThrow();
        String who = driver ? "the driver's heap" : over.size() + " executor heap(s)";
        String setting = ctx.settings().own(key).map(v -> key + "=" + v.value()).orElse(key + " (unset: Spark's 1g default)");
        return Optional.of(who + " peaked above " + setting + ", up to " + ByteFormat.of(max)
                + ": the heap was sized outside the Spark properties, so its size is unknown and the heap rules are silent");
    }
}
