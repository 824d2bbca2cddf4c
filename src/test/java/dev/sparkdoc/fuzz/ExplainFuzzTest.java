package dev.sparkdoc.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.explain.ErrorClassifier;
import java.time.Duration;

/** explain reads anything pasted into it: it never throws and never takes long. */
class ExplainFuzzTest {

    private static final ErrorClassifier CLASSIFIER = ErrorClassifier.builtIn();

    /** Jazzer fuzzes (rather than replaying the committed seeds) when JAZZER_FUZZ is set, as scripts/fuzz does. */
    private static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null && !System.getenv("JAZZER_FUZZ").isEmpty();

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
        // ~40 ms; up to 2 s under the fuzzer's coverage instrumentation). Only while fuzzing: a replay of
        // the seeds in the test suite must pass on a loaded or slow machine, and a wall-clock bound cannot
        if (FUZZING) {
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        }
    }
}
