package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExceptionNamesTest {

    @Test
    void namesTheQualifiedExceptionOfASparkFailure() {
        assertThat(ExceptionNames.first("Job aborted due to stage failure: Task 0 in stage 1.0 failed 1 times, most recent failure: "
                + "Lost task 0.0 in stage 1.0 (TID 1) (10.0.0.5 executor driver): java.lang.ArithmeticException: / by zero"))
                .contains("java.lang.ArithmeticException");
    }

    @Test
    void namesABareExceptionName() {
        assertThat(ExceptionNames.first("[UNRESOLVED_COLUMN.WITH_SUGGESTION] AnalysisException: A column or function parameter "
                + "with name `nmae` cannot be resolved")).contains("AnalysisException");
        assertThat(ExceptionNames.first("ExecutorLostFailure (executor 1 exited) Reason: OutOfMemoryError")).contains("OutOfMemoryError");
    }

    @Test
    void skipsSparkAndPy4jWrappersWhenACauseIsNamed() {
        assertThat(ExceptionNames.first("org.apache.spark.SparkException: Job aborted due to stage failure: ... "
                + "java.lang.ClassNotFoundException: com.example.Codec")).contains("java.lang.ClassNotFoundException");
        assertThat(ExceptionNames.first("py4j.protocol.Py4JJavaError: An error occurred while calling o42.collectToPython.\n"
                + ": org.apache.spark.SparkUpgradeException: [INCONSISTENT_BEHAVIOR_CROSS_VERSION.PARSE_DATETIME_BY_NEW_PARSER]"))
                .contains("org.apache.spark.SparkUpgradeException");
        // a wrapper alone is still a name
        assertThat(ExceptionNames.first("org.apache.spark.SparkException: Job 3 cancelled")).contains("org.apache.spark.SparkException");
    }

    @Test
    void nothingNamedIsEmpty() {
        assertThat(ExceptionNames.first("Job 3 cancelled because SparkContext was shut down")).isEmpty();
    }

    @Test
    void pythonRootLineIsTheLastTracebacksUnindentedLine() {
        String text = """
                org.apache.spark.api.python.PythonException: Traceback (most recent call last):
                  File "/app/job.py", line 7, in parse
                    return int(s)
                ValueError: invalid literal for int() with base 10: 'x'

                During handling of the above exception, another exception occurred:

                Traceback (most recent call last):
                  File "/app/job.py", line 9, in parse
                    raise RuntimeError("bad record")
                RuntimeError: bad record
                \tat org.apache.spark.api.python.BasePythonRunner$ReaderIterator.handlePythonException(PythonRunner.scala:572)""";
        assertThat(ExceptionNames.pythonRoot(text)).contains("RuntimeError: bad record");
        assertThat(ExceptionNames.headline(text.lines().findFirst().orElseThrow(), text)).isEqualTo("RuntimeError: bad record");
    }

    @Test
    void headlineOfAJvmErrorIsItsFirstLine() {
        assertThat(ExceptionNames.headline("java.lang.ArithmeticException: / by zero", "java.lang.ArithmeticException: / by zero\n\tat App.f"))
                .isEqualTo("java.lang.ArithmeticException: / by zero");
        assertThat(ExceptionNames.pythonRoot("java.lang.ArithmeticException")).isEmpty();
    }
}
