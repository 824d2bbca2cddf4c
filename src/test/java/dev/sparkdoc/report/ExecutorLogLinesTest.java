package dev.sparkdoc.report;

import static dev.sparkdoc.report.ExecutorLogLines.Kind.BANNER;
import static dev.sparkdoc.report.ExecutorLogLines.Kind.BLANK;
import static dev.sparkdoc.report.ExecutorLogLines.Kind.ERROR;
import static dev.sparkdoc.report.ExecutorLogLines.Kind.JVM_TRACE;
import static dev.sparkdoc.report.ExecutorLogLines.Kind.LOG;
import static dev.sparkdoc.report.ExecutorLogLines.Kind.PRINTED;
import static dev.sparkdoc.report.ExecutorLogLines.Kind.PYTHON_TRACE;
import static dev.sparkdoc.report.ExecutorLogLines.Kind.WARNING;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.LogTail;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The lines of an executor's log, as a real local-cluster executor writes them (PySparkLogsScenarioTest
 * reads one): Spark's banner and log4j lines, a Python worker's print(), a PythonException's
 * traceback and its JVM frames, a chained Python traceback, a JVM exception with its cause.
 */
class ExecutorLogLinesTest {

    private static List<ExecutorLogLines.Kind> kinds(String text) {
        return ExecutorLogLines.of(text.lines().toList());
    }

    @Test
    void aPythonWorkersPrintIsPrintedAndItsTracebackIsOneError() {
        assertThat(kinds("""
                Spark Executor Command: "/usr/bin/java" "-cp" "/opt/spark/jars/*"
                ========================================

                Using Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties
                26/12/04 21:09:51 WARN NativeCodeLoader: Unable to load native-hadoop library
                hello from the Python UDF 0
                26/12/04 21:09:56 ERROR Executor: Exception in task 0.0 in stage 1.0 (TID 1)
                org.apache.spark.api.python.PythonException: Traceback (most recent call last):
                  File "/jobs/app.py", line 9, in divide
                    return 10 // (x - 2)
                           ~~~^^~~~~~~~~
                ZeroDivisionError: integer division or modulo by zero

                \tat org.apache.spark.api.python.BasePythonRunner$ReaderIterator.handlePythonException(PythonRunner.scala:572)
                26/12/04 21:09:56 INFO Executor: Finished task 0.0 in stage 2.0 (TID 2)
                done, says System.err
                """)).containsExactly(BANNER, BANNER, BLANK, BANNER, WARNING, PRINTED, ERROR,
                PYTHON_TRACE, PYTHON_TRACE, PYTHON_TRACE, PYTHON_TRACE, PYTHON_TRACE, BLANK, JVM_TRACE, LOG, PRINTED);
    }

    @Test
    void aChainedPythonTracebackStaysOneTracebackAndALineAfterItIsPrinted() {
        assertThat(kinds("""
                Traceback (most recent call last):
                  File "a.py", line 1, in f
                KeyError: 'x'

                During handling of the above exception, another exception occurred:

                Traceback (most recent call last):
                  File "a.py", line 3, in g
                ValueError: bad
                parsed 10 rows
                """)).containsExactly(PYTHON_TRACE, PYTHON_TRACE, PYTHON_TRACE, BLANK, PYTHON_TRACE, BLANK,
                PYTHON_TRACE, PYTHON_TRACE, PYTHON_TRACE, PRINTED);
    }

    @Test
    void aJvmExceptionItsFramesAndCausesAreATrace() {
        assertThat(kinds("""
                java.lang.IllegalStateException: bad record 2
                \tat com.acme.Udf.call(Udf.java:12)
                Caused by: java.io.IOException: disk
                \t... 12 more
                hello from the UDF 2
                """)).containsExactly(JVM_TRACE, JVM_TRACE, JVM_TRACE, JVM_TRACE, PRINTED);
    }

    @Test
    void logsListsAStderrsPrintedLinesAfterItsErrorsAndSaysWherePrintLands() {
        String stderr = """
                26/12/04 21:09:51 INFO Executor: Running task 0.0 in stage 0.0 (TID 0)
                hello from the Python UDF 0
                26/12/04 21:09:56 ERROR Executor: Exception in task 0.0 in stage 1.0 (TID 1)
                org.apache.spark.api.python.PythonException: Traceback (most recent call last):
                  File "/jobs/app.py", line 9, in divide
                ZeroDivisionError: integer division or modulo by zero
                """;
        List<String> out = LogsText.lines(List.of(
                new LogTail("0", "stdout", "http://w:8081/logPage/?logType=stdout", "", OptionalLong.of(0), OptionalLong.of(0), Optional.empty()),
                new LogTail("0", "stderr", "http://w:8081/logPage/?logType=stderr", stderr, OptionalLong.of(0),
                        OptionalLong.of(stderr.length()), Optional.empty())), Optional.empty());

        assertThat(out).contains("== executor 0 stdout (System.out of its JVM code): all 0 B ==",
                "Printed in executor 0's stderr (print() of its Python workers, System.err): 1 line", "  > hello from the Python UDF 0");
        assertThat(out.get(out.indexOf("Printed in executor 0's stderr (print() of its Python workers, System.err): 1 line") + 1))
                .isEqualTo("  > hello from the Python UDF 0");
        assertThat(out).anySatisfy(l -> assertThat(l).startsWith("== executor 0 stderr (log4j, exceptions, print() of its Python workers): all "));
        assertThat(out.indexOf("Errors in executor 0's stderr:"))
                .isLessThan(out.indexOf("Printed in executor 0's stderr (print() of its Python workers, System.err): 1 line"));
    }
}
