package dev.sparkdoc.report;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.HeapHistogram;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A driver's heap histogram: the top classes by bytes with their share of the heap, in Java's
 * names ({@code byte[]}, not {@code [B}), and what the usual driver-memory culprits mean.
 */
public final class HeapText {

    private static final Map<String, String> PRIMITIVES = Map.of("B", "byte", "C", "char", "I", "int", "J", "long",
            "D", "double", "F", "float", "S", "short", "Z", "boolean");

    private HeapText() {
    }

    public static List<String> lines(HeapHistogram h, int top) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "Heap of pid %d: %s live in %,d objects (after a full GC)", h.pid(),
                ByteFormat.of(h.totalBytes()), h.totalInstances()));
        out.add(String.format(Locale.ROOT, "  %4s %10s %6s %12s  %s", "#", "BYTES", "SHARE", "INSTANCES", "CLASS"));
        int n = 0;
        for (HeapHistogram.Entry e : h.entries()) {
            if (n++ >= top) {
                break;
            }
            out.add(String.format(Locale.ROOT, "  %4d %10s %5.1f%% %,12d  %s", n, ByteFormat.of(e.bytes()),
                    h.percentOf(e), e.instances(), SafeText.line(javaName(e.className()))));
        }
        hint(h, top).ifPresent(hint -> {
            out.add("");
            out.add(hint);
        });
        return out;
    }

    /** {@code [Ljava.lang.Object;} → {@code java.lang.Object[]}, {@code [[B} → {@code byte[][]}. */
    public static String javaName(String jvm) {
        int dims = 0;
        while (dims < jvm.length() && jvm.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return jvm;
        }
        String element = jvm.substring(dims);
        String base = element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1)
                : PRIMITIVES.getOrDefault(element, element);
        return base + "[]".repeat(dims);
    }

    /** What the largest Spark-typical class among the top ones says about the driver's memory (also in attach). */
    public static java.util.Optional<String> hint(HeapHistogram h, int top) {
        for (HeapHistogram.Entry e : h.entries().subList(0, Math.min(top, h.entries().size()))) {
            String c = e.className();
            if (c.contains("GenericRow") || c.contains("UnsafeRow") || c.endsWith("InternalRow")) {
                return java.util.Optional.of("Rows are held by the driver (" + javaName(c) + "): a collect(), take() or toPandas() of a"
                        + " large result; write it out, or aggregate before collecting (see driver-memory.large-results)");
            }
            if (c.contains("BlockManager") || c.contains("TorrentBroadcast") || c.contains("HashedRelation")) {
                return java.util.Optional.of("Broadcast data is held by the driver (" + javaName(c) + "): a broadcast join or"
                        + " broadcast variable built on the driver; lower spark.sql.autoBroadcastJoinThreshold or give the driver more memory");
            }
        }
        return java.util.Optional.empty();
    }
}
