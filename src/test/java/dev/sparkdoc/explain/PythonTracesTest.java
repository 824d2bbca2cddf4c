package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** PySpark driver tracebacks, Py4J and Python worker errors, IPython output, and real Spark 4.0.1 task errors. */
class PythonTracesTest {

    @Test
    void udfErrorInDriverAndExecutorLogsIsOneErrorAtTheUdfLine() {
        ExplainedError e = Texts.single("python/udf-zero-division-py4j-log.txt");

        assertThat(e.exception()).isEqualTo("ZeroDivisionError");
        assertThat(e.message()).isEqualTo("division by zero");
        assertThat(Texts.where(e)).isEqualTo("/home/ana/jobs/job.py:17");
        assertThat(e.family()).isEqualTo("python");
        assertThat(e.summary()).isEqualTo("ZeroDivisionError in f at job.py:17");
        assertThat(e.chain()).extracting(Thrown::simpleName)
                .containsExactly("Py4JJavaError", "SparkException", "PythonException", "ZeroDivisionError");
        assertThat(e.firstLine()).isEqualTo(1);
    }

    @Test
    void spark4CapturedPythonExceptionPointsAtTheUdfNotTheCaller() {
        ExplainedError e = Texts.single("python/udf-zero-division-spark4.txt");

        assertThat(Texts.where(e)).isEqualTo("/home/ana/jobs/ratios.py:17");
        assertThat(e.userFrame().orElseThrow().function()).isEqualTo("safe_ratio");
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf())
                .containsKey("spark.sql.execution.pyspark.udf.simplifiedTraceback.enabled"));
    }

    @Test
    void py4jNetworkErrorPointsAtTheDriverScript() {
        ExplainedError e = Texts.single("python/py4j-network-error.txt");

        assertThat(e.exception()).isEqualTo("py4j.protocol.Py4JNetworkError");
        assertThat(e.message()).isEqualTo("Answer from Java side is empty");
        assertThat(Texts.where(e)).isEqualTo("/home/ana/jobs/daily.py:31");
        assertThat(e.family()).isEqualTo("python");
        assertThat(e.pattern()).isEqualTo("py4j-network");
    }

    @Test
    void py4jConnectionRefusedKeepsTheSocketErrorAsRootAndSkipsTheStandardLibrary() {
        ExplainedError e = Texts.single("python/py4j-connect-refused.txt");

        assertThat(e.exception()).isEqualTo("ConnectionRefusedError");
        assertThat(e.chain().get(0).exception()).isEqualTo("py4j.protocol.Py4JNetworkError");
        assertThat(e.pattern()).isEqualTo("py4j-network");
        assertThat(Texts.where(e)).isEqualTo("/home/ana/notebooks/explore.py:9");
    }

    @Test
    void ipythonTracebackOfAnAnalysisExceptionPointsAtTheCell() {
        ExplainedError e = Texts.single("python/analysis-spark4-ipython.txt");

        assertThat(e.exception()).isEqualTo("AnalysisException");
        assertThat(e.errorClass()).contains("UNRESOLVED_COLUMN.WITH_SUGGESTION");
        assertThat(e.message()).doesNotContain("SQLSTATE");
        assertThat(Texts.where(e)).isEqualTo("Cell In[7]:3");
        assertThat(e.family()).isEqualTo("errors-before");
    }

    @Test
    void bareSparkErrorMessageIsNamedByItsErrorClass() {
        ExplainedError e = Texts.single("python/bare-error-class.txt");

        assertThat(e.exception()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");
        assertThat(e.pattern()).isEqualTo("table-not-found");
        assertThat(e.family()).isEqualTo("errors-before");
    }

    @Test
    void realSpark401DivideByZeroTaskErrorIsAnAnsiDataError() {
        ExplainedError e = Texts.single("real/spark-4.0.1-stage4-task-error.txt");

        assertThat(e.exception()).isEqualTo("org.apache.spark.SparkArithmeticException");
        assertThat(e.errorClass()).contains("DIVIDE_BY_ZERO");
        assertThat(e.family()).isEqualTo("errors-during");
        assertThat(e.userFrame()).as("all frames are Spark's generated code").isEmpty();
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsEntry("spark.sql.ansi.enabled", "false"));
    }

    @Test
    void realSpark401RaiseErrorTaskErrorCarriesTheUsersMessage() {
        ExplainedError e = Texts.single("real/spark-4.0.1-stage5-task-error.txt");

        assertThat(e.message()).isEqualTo("[USER_RAISED_EXCEPTION] boom 0");
        assertThat(e.pattern()).isEqualTo("user-raised");
        assertThat(e.title()).contains("boom 0");
    }
}
