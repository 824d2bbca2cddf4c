package dev.sparkdoc.spark;

import static org.apache.spark.sql.functions.callUDF;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparkdoc logs} against a real {@code local-cluster} whose executor JVM ran a UDF that
 * prints and one that throws: the print is read from the executor's stdout through the worker's
 * log link, the exception from its stderr, explained; and local mode says why there are no links.
 */
@RealSpark
class ExecutorLogsScenarioTest {

    @TempDir
    Path logs;

    @Test
    void theExecutorsPrintAndItsExplainedExceptionComeFromItsOwnLogs() {
        try (LocalSpark spark = LocalSpark.builder().master("local-cluster[1,1,1024]").realExecutors()
                .conf("spark.task.maxFailures", "1").appName("executor logs").start()) {
            spark.session().udf().register("shout", (UDF1<Long, Long>) id -> {
                System.out.println("hello from the UDF " + id);
                return id;
            }, DataTypes.LongType);
            spark.session().udf().register("strict", (UDF1<Long, Long>) id -> {
                if (id == 2) {
                    throw new IllegalStateException("bad record " + id);
                }
                return id;
            }, DataTypes.LongType);
            assertThat(spark.session().range(0, 3, 1, 1).select(callUDF("shout", col("id"))).collectAsList()).hasSize(3);
            assertThatThrownBy(() -> spark.session().range(0, 3, 1, 1).select(callUDF("strict", col("id"))).collectAsList())
                    .hasStackTraceContaining("bad record 2");

            CliRun run = CliRun.of("logs", spark.uiUrl().toString());

            assertThat(run.exitCode()).as(run.err()).isZero();
            String out = run.out();
            assertThat(out).contains("== executor 0 stdout (System.out of its JVM code): all ",
                    "  hello from the UDF 0", "  hello from the UDF 2", "== executor 0 stderr");
            assertThat(out.substring(out.indexOf("== executor 0 stderr"))).contains("java.lang.IllegalStateException: bad record 2",
                    "Errors in executor 0's stderr:");
            System.err.println("ExecutorLogsScenarioTest:\n" + out.lines().filter(l -> !l.startsWith("  ") || l.contains("rror"))
                    .limit(40).reduce("", (a, b) -> a + b + "\n"));

            // the failing stage's finding links the executor log that holds the whole trace
            CliRun triage = CliRun.of("triage", spark.uiUrl().toString(), "--json");
            assertThat(triage.out()).contains("stage.failure.log").contains("executor 0's stderr, http://")
                    .contains("logType=stderr (or: sparkdoc logs " + spark.uiUrl() + "/ --executor 0)");

            CliRun grep = CliRun.of("logs", spark.uiUrl().toString(), "--type", "stdout", "--grep", "UDF 1$");
            assertThat(grep.out().lines().filter(l -> l.startsWith("  hello"))).containsExactly("  hello from the UDF 1");
        }
    }

    @Test
    void localModeSaysWhyThereAreNoLogLinks() {
        try (LocalSpark spark = LocalSpark.builder().appName("local logs").start()) {
            CliRun run = CliRun.of("logs", spark.uiUrl().toString());

            assertThat(run.exitCode()).isEqualTo(3);
            assertThat(run.err()).isEqualTo("sparkdoc: no executor log links: in local mode (local[2]) the executor is the driver,"
                    + " whose output goes to the terminal or file that started it\n");
        }
    }
}
