package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.source.eventlog.SkimDifferential;

/**
 * Differential: any job, stage or SQL event line the plain skim reads gives Jackson's skimmed tree
 * (or the plain skim leaves it to Jackson). Seeds are real Spark 4 lines (a job start, a stage
 * submitted and completed, a SQL execution start with its plan, an AQE update).
 */
class SkimFuzzTest {

    @FuzzTest(maxDuration = "5m")
    void anySkimmedLineReadsAsJacksonReadsIt(byte[] line) {
        if (line.length > 256 * 1024) {
            return;
        }
        SkimDifferential.assertAgree(line);
    }
}
