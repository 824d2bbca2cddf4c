package dev.sparkdoc.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.explain.ErrorClassifier;
import java.time.Duration;

/** explain reads anything pasted into it: it never throws and never takes long. */
class ExplainFuzzTest {

    private static final ErrorClassifier CLASSIFIER = ErrorClassifier.builtIn();

    @FuzzTest(maxDuration = "5m")
    void anyTextIsClassifiedQuickly(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        if (text.length() > FuzzFiles.MAX_BYTES) {
            return;
        }
        long start = System.nanoTime();
        var errors = CLASSIFIER.classify(text);
        assertThat(errors).isNotNull();
        // a regex that backtracks badly shows up here, not on a user's 20 MB log (a 177 KB trace takes
        // ~40 ms; up to 2 s under the fuzzer's coverage instrumentation)
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }
}
