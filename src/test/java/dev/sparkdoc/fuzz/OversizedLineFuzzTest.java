package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link EventLogFuzzTest} with a 4 KB line bound, so the fuzzer reaches the path of lines too
 * long to load (a SQL start salvaged from its ends, other events skipped) that real logs only
 * reach past 64 MB. A class of its own: Jazzer fuzzes one @FuzzTest per run.
 */
class OversizedLineFuzzTest {

    /** LineReader.MAX_LINE_PROPERTY (package-private there). */
    private static final String MAX_LINE_PROPERTY = "sparkdoc.eventlog.maxLineBytes";

    @BeforeAll
    static void smallBound() {
        System.setProperty(MAX_LINE_PROPERTY, "4096");
    }

    @AfterAll
    static void defaultBound() {
        System.clearProperty(MAX_LINE_PROPERTY);
    }

    @FuzzTest(maxDuration = "5m")
    void anyEventLogWithLongLinesReadsOrFailsWithASourceException(FuzzedDataProvider data) {
        EventLogFuzzTest.read(data);
    }
}
