package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.source.eventlog.events.SkimDifferential;

/**
 * Differential: any job, stage or SQL event line the skim reads gives Jackson's whole tree cut
 * down to the fields the skim keeps (or one of them refuses the line). Seeds are real Spark 4 lines (a job start, a stage
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
