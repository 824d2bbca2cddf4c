package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.Slow;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Splitting a text into distinct errors: order, repeats, noise, size and colours. */
class ErrorSplittingTest {

    private final ErrorClassifier classifier = ErrorClassifier.builtIn();

    @Test
    void logWithTwoDistinctErrorsGivesBothRootFirst() {
        List<ExplainedError> errors = Texts.explain("jvm/two-errors.txt");

        assertThat(errors).extracting(ExplainedError::exception)
                .containsExactly("java.lang.OutOfMemoryError", "org.apache.spark.shuffle.FetchFailedException");
        assertThat(errors.get(0).occurrences()).as("the same OOM in two tasks").isEqualTo(2);
        assertThat(errors.get(0).family()).isEqualTo("executor-memory");
        assertThat(errors.get(1).pattern()).isEqualTo("fetch-failed");
    }

    @Test
    void textWithoutErrorsExplainsNothing() {
        String prose = """
                Spark is a unified analytics engine. The Error of our ways is, at times, misplaced.
                24/11/29 10:00:00 INFO SparkContext: Running Spark version 4.0.1
                24/11/29 10:00:01 WARN NativeCodeLoader: Unable to load native-hadoop library for your platform
                24/11/29 10:00:02 WARN TaskSetManager: Lost task 1.0 in stage 3.0 (TID 9) (10.0.0.5 executor 2): TaskKilled (another attempt succeeded)
                    at the end of the day
                {"json": true, "exception": null}
                """;

        assertThat(classifier.classify(prose)).isEmpty();
        assertThat(classifier.classify("")).isEmpty();
        assertThat(classifier.classify("\u0000\u0001garbage\u00ff\n\n\t\t")).isEmpty();
    }

    @Test
    void warningLogLineAloneIsExplainedWhenAPatternKnowsIt() {
        String log = "24/11/29 12:40:10 WARN YarnAllocator: Container killed by YARN for exceeding physical memory limits. "
                + "6.1 GB of 6 GB physical memory used. Consider boosting spark.executor.memoryOverhead.\n";

        ExplainedError e = classifier.classify(log).get(0);

        assertThat(e.exception()).isEqualTo("WARN YarnAllocator");
        assertThat(e.pattern()).isEqualTo("container-killed");
    }

    @Test
    void ansiColoursAreStripped() {
        String coloured = "\u001B[0;31mjava.lang.OutOfMemoryError\u001B[0m: \u001B[1mJava heap space\u001B[0m\n"
                + "\tat com.acme.Big.load(Big.java:12)\n";

        ExplainedError e = classifier.classify(coloured).get(0);

        assertThat(e.exception()).isEqualTo("java.lang.OutOfMemoryError");
        assertThat(e.message()).isEqualTo("Java heap space");
        assertThat(Texts.where(e)).isEqualTo("Big.java:12");
    }

    @Test
    void windowsLineEndsAreRead() {
        String crlf = "java.io.IOException: No space left on device\r\n\tat com.acme.Dump.write(Dump.java:5)\r\n";

        ExplainedError e = classifier.classify(crlf).get(0);

        assertThat(e.message()).isEqualTo("No space left on device");
        assertThat(Texts.where(e)).isEqualTo("Dump.java:5");
    }

    @Slow
    @Test
    void inputIsCappedAt20MegabytesAndStillExplained() throws Exception {
        StringBuilder big = new StringBuilder("java.lang.OutOfMemoryError: Java heap space\n");
        String filler = "24/11/29 10:00:00 INFO BlockManagerInfo: Added broadcast_1_piece0 in memory on 10.0.0.5:40000\n";
        while (big.length() < InputText.MAX_BYTES + 1_000_000) {
            big.append(filler);
        }
        InputText input = InputText.read(new ByteArrayInputStream(big.toString().getBytes(StandardCharsets.UTF_8)));

        assertThat(input.truncated()).isTrue();
        assertThat(input.text().length()).isLessThanOrEqualTo(InputText.MAX_BYTES);
        assertThat(classifier.classify(input)).extracting(ExplainedError::exception).containsExactly("java.lang.OutOfMemoryError");
    }

    @Test
    void veryLongLineDoesNotStallTheParser() {
        String line = "x".repeat(5_000_000) + "\njava.lang.IllegalStateException: boom\n";

        assertThat(classifier.classify(line)).extracting(ExplainedError::exception).containsExactly("java.lang.IllegalStateException");
    }

    @Test
    void taskFailureReasonFromTheRestApiIsExplainedForTriage() {
        // what triage hands over: a failed task's errorMessage
        String detail = Texts.read("python/udf-zero-division-py4j-log.txt");

        assertThat(classifier.classify(detail)).first().extracting(ExplainedError::summary)
                .isEqualTo("ZeroDivisionError in f at job.py:17");
    }

    @Test
    void userFrameSkipsPysparkPy4jAndInstalledPackages() {
        String trace = """
                Traceback (most recent call last):
                  File "/srv/etl/main.py", line 8, in <module>
                    run()
                  File "/srv/etl/steps.py", line 41, in run
                    pd.read_csv(path)
                  File "/srv/venv/lib/python3.11/site-packages/pandas/io/parsers/readers.py", line 912, in read_csv
                    return _read(filepath_or_buffer, kwds)
                FileNotFoundError: [Errno 2] No such file or directory: '/data/in.csv'
                """;

        ExplainedError e = classifier.classify(trace).get(0);

        assertThat(e.exception()).isEqualTo("FileNotFoundError");
        assertThat(Texts.where(e)).isEqualTo("/srv/etl/steps.py:41");
        assertThat(e.pattern()).isEqualTo("python-driver-error");
    }
}
