package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UserFramesTest {

    @ParameterizedTest
    @ValueSource(strings = {"/opt/spark/python/lib/pyspark.zip/pyspark/worker.py", "/opt/spark/python/pyspark/sql/udf.py",
            "/usr/lib/spark/python/pyspark/util.py", "/home/me/.venv/lib/python3.11/site-packages/pandas/core/frame.py",
            "/opt/spark/python/lib/py4j-0.10.9.7-src.zip/py4j/protocol.py", "<frozen runpy>",
            "/opt/spark/python/pyspark/errors/exceptions/captured.py"})
    void pysparkPy4jAndInstalledPackagesAreLibraries(String file) {
        assertThat(UserFrames.isLibrary(new StackFrame(file, OptionalInt.of(1), "f", true))).isTrue();
    }

    @ParameterizedTest
    // a folder of one's own that happens to be called pyspark is not PySpark
    @ValueSource(strings = {"/home/me/jobs/pyspark/etl.py", "/work/src/test/resources/pyspark/udf_error.py", "job.py",
            "/dbfs/FileStore/pyspark_jobs/clean.py"})
    void theUsersOwnFilesAreNot(String file) {
        assertThat(UserFrames.isLibrary(new StackFrame(file, OptionalInt.of(12), "parse_amount", true))).isFalse();
    }
}
