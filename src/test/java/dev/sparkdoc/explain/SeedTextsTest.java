package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every traceback and error excerpt of the seeds (shared/seeds, see resources/explain/seeds/README.md). */
class SeedTextsTest {

    static Stream<Arguments> seeds() {
        return Stream.of(
                Arguments.of("000-analysis-exception.txt", "pyspark.errors.exceptions.AnalysisException",
                        "Cannot resolve column name \"bad_key\" among (id)", "-", "errors-before", "unresolved-column"),
                Arguments.of("000-parse-exception.txt", "pyspark.errors.exceptions.ParseException",
                        "[PARSE_SYNTAX_ERROR] Syntax error at or near '1': extra input '1'.(line 1, pos 9)", "-", "errors-before", "parse-error"),
                Arguments.of("000-illegal-argument.txt", "pyspark.errors.exceptions.IllegalArgumentException",
                        "requirement failed: Sampling fraction (-1.0) must be on interval [0, 1] without replacement", "-", "errors-before", "illegal-argument"),
                Arguments.of("000-python-exception-typeerror.txt", "TypeError",
                        "Invalid argument, not a string or column: -1 of type <class 'int'>. For column literals, use 'lit', 'array', 'struct' or 'create_map' function.",
                        "-", "python", "udf-column-function-on-value"),
                Arguments.of("000-streaming-query-exception.txt", "ZeroDivisionError", "division by zero", "<stdin>:1", "python", "python-udf-error"),
                Arguments.of("000-spark-upgrade.txt", "pyspark.sql.utils.SparkUpgradeException",
                        "You may get a different result due to the upgrading to Spark >= 3.0: Fail to recognize 'yyyy-dd-aa' pattern in the DateTimeFormatter.",
                        "-", "errors-before", "upgrade-datetime-pattern"),
                Arguments.of("001-spark-upgrade-ja.txt", "pyspark.sql.utils.SparkUpgradeException",
                        "You may get a different result due to the upgrading to Spark >= 3.0", "-", "errors-before", "upgrade-datetime-pattern"),
                Arguments.of("000-pandas-different-frames.txt", "ValueError",
                        "Cannot combine the series or dataframe because it comes from a different dataframe.", "-", "python", "pandas-on-spark-different-frames"),
                Arguments.of("000-pandas-udf-length.txt", "RuntimeError",
                        "Result vector from pandas_udf was not the required length: expected 1, got 0", "-", "python", "pandas-udf-result-length"),
                Arguments.of("000-py4j-java-error.txt", "java.lang.NullPointerException", "", "-", "python", "py4j-java-error"),
                Arguments.of("000-py4j-error.txt", "py4j.Py4JException", "Target Object ID does not exist for this gateway :o531", "-", "python", "py4j-object-gone"),
                Arguments.of("004-notebook-udf-simplified.txt", "ZeroDivisionError", "division by zero",
                        "/var/folders/qm/mlwmy16n5xx66ldgzmptzlc40000gp/T/ipykernel_23976/3806637820.py:3", "python", "python-udf-error"),
                Arguments.of("004-notebook-udf-full-traceback.txt", "ZeroDivisionError", "division by zero",
                        "/var/folders/qm/mlwmy16n5xx66ldgzmptzlc40000gp/T/ipykernel_23976/3570641234.py:3", "python", "python-udf-error"),
                Arguments.of("004-notebook-udf-jvm-stacktrace.txt", "ZeroDivisionError", "division by zero",
                        "/var/folders/qm/mlwmy16n5xx66ldgzmptzlc40000gp/T/ipykernel_23976/3514597595.py:3", "python", "python-udf-error"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void namesTheRootExceptionItsFrameAndFamily(String file, String exception, String message, String where, String family, String pattern) {
        ExplainedError e = Texts.single("seeds/" + file);

        assertThat(e.exception()).isEqualTo(exception);
        assertThat(e.message()).startsWith(message);
        assertThat(Texts.where(e)).isEqualTo(where);
        assertThat(e.family()).isEqualTo(family);
        assertThat(e.pattern()).isEqualTo(pattern);
        assertThat(e.remedies()).isNotEmpty();
        assertThat(e.docs()).startsWith("https://");
    }

    @org.junit.jupiter.api.Test
    void streamingQueryExceptionWrapsThePythonWorkerError() {
        ExplainedError e = Texts.single("seeds/000-streaming-query-exception.txt");

        assertThat(e.chain()).extracting(Thrown::simpleName)
                .containsExactly("StreamingQueryException", "PythonException", "ZeroDivisionError");
        assertThat(e.chain().get(0).errorClass()).contains("STREAM_FAILED");
    }

    @org.junit.jupiter.api.Test
    void pandasOnSparkDifferentFramesPointsAtTheOption() {
        ExplainedError e = Texts.single("seeds/000-pandas-different-frames.txt");

        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.code()).hasValueSatisfying(c -> assertThat(c).contains("compute.ops_on_diff_frames")));
    }

    @org.junit.jupiter.api.Test
    void sparkUpgradeOffersTheLegacyTimeParserPolicy() {
        ExplainedError e = Texts.single("seeds/000-spark-upgrade.txt");

        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsEntry("spark.sql.legacy.timeParserPolicy", "LEGACY"));
    }

    @org.junit.jupiter.api.Test
    void py4jJavaErrorNamesTheJavaExceptionInsideIt() {
        ExplainedError e = Texts.single("seeds/000-py4j-java-error.txt");

        assertThat(e.chain()).extracting(Thrown::exception)
                .containsExactly("py4j.protocol.Py4JJavaError", "java.lang.NullPointerException");
        assertThat(e.title()).contains("NullPointerException");
    }

    @org.junit.jupiter.api.Test
    void parseExceptionKeepsItsErrorClass() {
        assertThat(Texts.single("seeds/000-parse-exception.txt").errorClass()).contains("PARSE_SYNTAX_ERROR");
    }
}
