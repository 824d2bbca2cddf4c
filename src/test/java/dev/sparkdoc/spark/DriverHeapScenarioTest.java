package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.testing.RealSpark;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * {@code sparkdoc driver heap} against a real local driver (this JVM) holding a large collected
 * result: the histogram lists the collected rows' class among its top entries and says what it
 * means; a "no" at the prompt attaches nothing, and without a terminal it asks for --yes.
 */
@RealSpark
class DriverHeapScenarioTest {

    /** The collected result the driver holds while the histogram is taken. */
    static volatile List<Row> held;

    @Test
    void theHistogramNamesTheCollectedRowsAndDecliningAttachesNothing() {
        try (LocalSpark spark = LocalSpark.builder().appName("driver heap").start()) {
            held = spark.session().range(0, 1_000_000, 1, 2).selectExpr("id", "id * 2 AS twice").collectAsList();
            String target = spark.uiUrl().getHost() + ":" + spark.uiUrl().getPort();

            CliRun scripted = CliRun.of("driver", "heap", target);
            assertThat(scripted.exitCode()).isEqualTo(2);
            assertThat(scripted.err()).contains("a heap histogram pauses the driver JVM (pid " + ProcessHandle.current().pid()
                    + "): run it at a terminal to confirm, or pass --yes");

            System.setProperty("sparkdoc.stdin.terminal", "true");
            CliRun declined;
            try {
                declined = CliRun.withStdin("n\n", "driver", "heap", target);
            } finally {
                System.clearProperty("sparkdoc.stdin.terminal");
            }
            assertThat(declined.exitCode()).isZero();
            assertThat(declined.err()).contains("Go on? [y/N]", "not attached; nothing was done to pid");
            assertThat(declined.out()).isEmpty();

            CliRun heap = CliRun.of("driver", "heap", target, "--yes", "--top", "20");
            assertThat(heap.exitCode()).as(heap.err()).isZero();
            List<String> top = heap.out().lines().skip(2).limit(20).toList();
            assertThat(top).as(heap.out()).anySatisfy(l -> assertThat(l).endsWith("org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema"));
            assertThat(heap.out()).contains("Rows are held by the driver");
            System.err.println("DriverHeapScenarioTest:\n" + heap.out());
            assertThat(held).hasSize(1_000_000);
        } finally {
            held = null;
        }
    }
}
