package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.ScopeFacts;
import static dev.sparkdoc.signals.Facts.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class DriverHeapSizeTest {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    /** The storage memory Spark's UnifiedMemoryManager gives a JVM whose Runtime.maxMemory is {@code heap}. */
    private static long storageOf(long heap, double fraction) {
        return (long) ((heap - 300 * MIB) * fraction);
    }

    private static Snapshots localDriver(long storage) {
        return Snapshots.app().version("3.5.1").conf("spark.master", "local[2]")
                .executors(Snapshots.executor("driver", 2).maxMemory(storage));
    }

    @Test
    void aDriverSizedOutsideTheSparkPropertiesIsReadFromItsBlockManager() {
        // java -Xmx4g …, master local[2]: spark.driver.memory=2g set in the builder came too late, the JVM was running
        ScopeFacts f = Facts.app(localDriver(storageOf(4 * GIB, 0.6)));
        assertThat(value(f, "config.driver.memory")).isCloseTo(4.0 * GIB, within(1.0 * MIB));
        assertThat(value(f, "config.driver.memory.larger")).as("a remedy proposes more than the app has")
                .isCloseTo(8.0 * GIB, within(2.0 * MIB));
        assertThat(f.text("config.driver.memory.how")).hasValueSatisfying(how -> assertThat(how)
                .startsWith("2 × the 4.0 GiB heap (read from the driver block manager's storage memory; ")
                .contains("spark.driver.memory = 2g (set by the app) did not size it"));
        assertThat(value(f, "config.executor.memory")).as("in local mode the driver is the executor").isCloseTo(4.0 * GIB, within(1.0 * MIB));
    }

    @Test
    void aSettingTheBlockManagerAgreesWithIsTakenAsWritten() {
        // under the Parallel collector Runtime.maxMemory is a survivor space (~4%) below -Xmx
        ScopeFacts f = Facts.app(localDriver(storageOf((long) (4 * GIB * 0.96), 0.6)).conf("spark.driver.memory", "4g"));
        assertThat(value(f, "config.driver.memory")).isEqualTo(4.0 * GIB);
        assertThat(f.text("config.driver.memory.how")).contains("2 × spark.driver.memory = 4g (set by the app) = 8.0 GiB");
        // the memory fraction the app set is the one inverted
        ScopeFacts half = Facts.app(localDriver(storageOf(4 * GIB, 0.5)).conf("spark.memory.fraction", "0.5"));
        assertThat(value(half, "config.driver.memory")).isCloseTo(4.0 * GIB, within(1.0 * MIB));
    }

    @Test
    void testingMemoryAndAnOffHeapPoolAreNotTakenForTheHeap() {
        // spark.testing.memory replaces Runtime.maxMemory in Spark's sizing: the block manager says nothing of the heap
        ScopeFacts testing = Facts.app(localDriver(storageOf(4 * GIB, 0.6)).conf("spark.testing.memory", Long.toString(4 * GIB)));
        assertThat(value(testing, "config.driver.memory")).isEqualTo(2.0 * GIB);
        // the block manager's maximum counts the off-heap pool too
        ScopeFacts offHeap = Facts.app(localDriver(storageOf(2 * GIB, 0.6) + 2 * GIB)
                .conf("spark.memory.offHeap.enabled", "true").conf("spark.memory.offHeap.size", "2g"));
        assertThat(value(offHeap, "config.driver.memory")).isEqualTo(2.0 * GIB);
    }

    @Test
    void aDriverHeapAboveSparksDefaultIsNoHeapAboveItsSize() {
        Snapshots app = Snapshots.app().version("3.5.1").conf("spark.master", "local[2]").executors(Snapshots.executor("driver", 2)
                .maxMemory(storageOf(4 * GIB, 0.6)).peak("JVMHeapMemory", 3 * GIB));
        ScopeFacts driver = Facts.of(app, ScopeKind.EXECUTOR, "driver");
        assertThat(value(driver, "executor.heap.max")).isCloseTo(4.0 * GIB, within(1.0 * MIB));
        assertThat(value(driver, "executor.heap.peakFraction")).isCloseTo(0.75, within(0.01));
    }

    @Test
    void theLastXmxOnAJvmsCommandLineIsItsHeap() {
        assertThat(DriverHeapSize.xmx("java -Xms1g -Xmx2g -cp x Main")).hasValue(2 * GIB);
        assertThat(DriverHeapSize.xmx("java -Xmx2g -XX:MaxHeapSize=3072m Main")).hasValue(3 * GIB);
        assertThat(DriverHeapSize.xmx("java -Xmx4G Main")).hasValue(4 * GIB);
        assertThat(DriverHeapSize.xmx("java -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit job.py")).isEmpty();
        assertThat(DriverHeapSize.xmx("java -Xmx Main")).isEmpty();
    }
}
