package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.remedyTexts;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class PythonRulesTest {

    private static final String EXCEPTION = "python.exception";
    private static final String DOMINATE = "python.operators-dominate";
    private static final String WORKER_MEMORY = "python.worker-memory";

    /** As Spark 3.5/4.0 report a failing Python UDF: the first line says only "Traceback". */
    static final String PYTHON_FAILURE = """
            org.apache.spark.api.python.PythonException: Traceback (most recent call last):
              File "/opt/spark/python/lib/pyspark.zip/pyspark/worker.py", line 1247, in main
                process()
              File "/app/job.py", line 12, in divide
                return a / b
                       ~~^~~
            ZeroDivisionError: division by zero

            \tat org.apache.spark.api.python.BasePythonRunner$ReaderIterator.handlePythonException(PythonRunner.scala:572)""";

    @Test
    void pythonUdfRaisingIsNamedByItsTracebackRootLine() {
        var s = Snapshots.app().stage(stage(17).tasks(10, 9).failed(1).status(StageStatus.FAILED)
                .failure("ExceptionFailure", "org.apache.spark.api.python.PythonException",
                        PYTHON_FAILURE.lines().findFirst().orElseThrow(), PYTHON_FAILURE, 1, "1"));
        Finding f = fires(s, EXCEPTION, "17.0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).isEqualTo("Python error in stage 17: ZeroDivisionError in divide at job.py:12");
        assertThat(f.secondsLost()).isEqualTo(30.0);
        assertThat(remedyTexts(f)).contains("(executor 1 on host-1)");
        // the tracebacks are simplified by default: the remedy offers what is off, the JVM side
        assertThat(conf(f, "spark.sql.pyspark.jvmStacktrace.enabled")).isEqualTo("true");
        assertThat(f.remedies()).noneMatch(r -> r.conf().containsKey("spark.sql.execution.pyspark.udf.simplifiedTraceback.enabled"));
    }

    @Test
    void jvmErrorIsNotAPythonError() {
        fires(Snapshots.app().stage(stage(17).tasks(10, 9).failed(1).status(StageStatus.FAILED)
                .failure("ExceptionFailure", "java.lang.ArithmeticException", "java.lang.ArithmeticException: / by zero", 1)),
                "errors-during.task-failures", "17.0");
    }

    private static Snapshots pythonQuery(String operator, long durationMs) {
        return Snapshots.app().conf("spark.executor.processTreeMetrics.enabled", "true")
                .sql(Plans.plan().node(0, operator).node(1, "Scan parquet t").edge(1, 0).build(0, durationMs));
    }

    @Test
    void arrowUdfTakingHalfTheApplicationIsReported() {
        Finding f = fires(pythonQuery("ArrowEvalPython", 300_000), DOMINATE, "0");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).isEqualTo("Python operators (ArrowEvalPython) in query 0, 50% of the application's time");
        assertThat(f.secondsLost()).isEqualTo(300.0);
        assertThat(conf(f, "spark.sql.pyspark.udf.profiler")).isEqualTo("perf");
    }

    @Test
    void pythonQueryTakingTwentyNinePercentStaysQuiet() {
        silent(pythonQuery("ArrowEvalPython", 174_000));
    }

    @Test
    void pythonWorkersUsingOneAndAHalfGigabytesUnboundedIsAWarning() {
        var s = Snapshots.app().executors(executor("1", 4).peak("ProcessTreePythonRSSMemory", 1_500 * MIB)
                .peak("ProcessTreeJVMRSSMemory", 2_000 * MIB), executor("2", 4));
        Finding f = fires(s, WORKER_MEMORY, "1");

        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).isEqualTo("Python workers of executor 1 used 1.5 GiB");
        assertThat(evidence(f, "executor.rss.python")).isEqualTo(1_500.0 * MIB);
        assertThat(conf(f, "spark.executor.pyspark.memory")).isEqualTo("1500m");
    }

    @Test
    void pythonWorkersWithTheirOwnBudgetStayQuiet() {
        silent(Snapshots.app().conf("spark.executor.pyspark.memory", "2g")
                .executors(executor("1", 4).peak("ProcessTreePythonRSSMemory", 1_500 * MIB)
                        .peak("ProcessTreeJVMRSSMemory", 2_000 * MIB), executor("2", 4)));
    }
}
