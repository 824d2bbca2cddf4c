package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The driver's heap as the JVM had it, not only as {@code spark.driver.memory} says. A driver
 * started outside spark-submit ({@code java -Xmx4g}, a notebook, a test runner) or sized by a
 * platform runs with a heap its Spark properties do not show; reading Spark's 1g default there
 * gave false warnings and remedies proposing a heap at or below the one the app already had.
 *
 * <p>Which source wins, and why:
 * <ol>
 * <li>{@code -Xmx} on the driver's own command line, when sparkdoc sees the process
 *     ({@link #xmx}): the JVM's own flag, exact.</li>
 * <li>The driver block manager's maximum memory, inverted. Spark's UnifiedMemoryManager sizes it
 *     {@code (Runtime.maxMemory − 300 MiB) × spark.memory.fraction} (plus the off-heap size when
 *     off-heap is on), so heap ≈ maxMemory / fraction + 300 MiB. It is measured from the JVM that
 *     ran, but approximate: under the Parallel and Serial collectors Runtime.maxMemory is below
 *     -Xmx by a survivor space or more (a Java 8 driver of {@code spark.driver.memory=2g} showed
 *     1.78 GiB, Spark's own test log application_1553914137147_0018). So it wins only when it
 *     differs from the setting by more than {@link #TOLERANCE}, as a heap sized elsewhere does
 *     (2g or 4g against the 1g default); otherwise the setting, exact as written, is the same heap.</li>
 * <li>{@code spark.driver.memory}, set or Spark's default.</li>
 * </ol>
 * {@code spark.driver.extraJavaOptions} is no source: spark-submit refuses {@code -Xmx} there
 * (SparkSubmitCommandBuilder, "Not allowed to specify max heap(Xmx) memory settings through java options").
 * {@code spark.testing.memory} and the legacy memory manager size the block manager otherwise:
 * there the inversion is not made.
 *
 * @param setting  {@code spark.driver.memory} as set or defaulted, for people
 * @param measured true when the block manager's memory gave the heap, not the setting
 */
record DriverHeapSize(long bytes, String setting, boolean measured) {

    /** Spark's reserved system memory (UnifiedMemoryManager.RESERVED_SYSTEM_MEMORY_BYTES). */
    private static final long RESERVED = 300 * AppContext.MIB;
    /** How far the inverted heap may sit from the setting and still be that setting. */
    static final double TOLERANCE = 0.25;
    private static final Pattern XMX = Pattern.compile("(?:^|\\s)-(?:Xmx|XX:MaxHeapSize=)(\\d+[kKmMgGtT]?)(?=\\s|$)");

    static DriverHeapSize of(Settings settings, AppSnapshot snapshot) {
        long set = settings.bytes("spark.driver.memory");
        String setting = settings.get("spark.driver.memory").map(Setting::display).orElse("spark.driver.memory = " + ByteFormat.of(set));
        OptionalLong measured = measured(settings, snapshot);
        if (measured.isEmpty() || Math.abs(measured.getAsLong() - set) <= TOLERANCE * set) {
            return new DriverHeapSize(set, setting, false);
        }
        return new DriverHeapSize(measured.getAsLong(), setting, true);
    }

    /** Where the size comes from: the setting, or the evidence and the setting it overrules. */
    String source() {
        return measured ? "read from the driver block manager's storage memory; " + setting + " did not size it" : setting;
    }

    /** {@code spark.driver.memory = 4g (set by the app)}, or {@code the 2.0 GiB heap (read from …)}. */
    String how() {
        return measured ? "the " + ByteFormat.of(bytes) + " heap (" + source() + ")" : setting;
    }

    /** The heap that gave the driver block manager's maximum memory; empty where it cannot be told. */
    private static OptionalLong measured(Settings settings, AppSnapshot snapshot) {
        boolean otherSizing = settings.own("spark.testing.memory").isPresent()
                || settings.own("spark.memory.useLegacyMode").map(s -> s.value().equalsIgnoreCase("true")).orElse(false);
        long storage = snapshot.executors().stream().filter(Executor::isDriver).mapToLong(Executor::maxMemory).max().orElse(0);
        double fraction = settings.number("spark.memory.fraction");
        if (otherSizing || storage <= 0 || fraction <= 0 || fraction > 1) {
            return OptionalLong.empty();
        }
        long offHeap = settings.bool("spark.memory.offHeap.enabled") ? Math.max(0, settings.bytes("spark.memory.offHeap.size")) : 0;
        long onHeap = storage - offHeap;
        return onHeap > 0 ? OptionalLong.of((long) (onHeap / fraction) + RESERVED) : OptionalLong.empty();
    }

    /** The heap a JVM's command line gives it: its last -Xmx (or -XX:MaxHeapSize=), as the JVM takes the last. */
    static OptionalLong xmx(String commandLine) {
        Matcher m = XMX.matcher(commandLine);
        long last = -1;
        while (m.find()) {
            last = SparkSizes.parse(m.group(1), 'b');
        }
        return last > 0 ? OptionalLong.of(last) : OptionalLong.empty();
    }
}
