package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.source.eventlog.events.TaskLineDifferential;

/**
 * Differential: any line read by the byte-level task-line reader gives what Jackson's full parse
 * gives (or both refuse it). Seeds are real Spark 4 task lines (a success with SQL metrics, a
 * start, a failure with a stack trace), so mutations stay near the shape the fast path takes.
 */
class TaskLineFuzzTest {

    @FuzzTest(maxDuration = "5m")
    void anyTaskLineReadsAsTheFullParseReadsIt(byte[] line) {
        if (line.length > 64 * 1024) {
            return;
        }
        TaskLineDifferential.assertAgree(line, id -> id % 2 == 0);
    }
}
