package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The user's frame of a live thread, found among the frames as a thread dump prints them. */
class ThreadFramesTest {

    private static final List<String> STACK = List.of(
            "java.lang.Thread.sleep(Native Method)",
            "<a line no JVM prints>",
            "com.acme.etl.Parser.parse(Parser.java:42)",
            "org.apache.spark.sql.catalyst.expressions.GeneratedClass$GeneratedIteratorForCodegenStage1.processNext(Unknown Source)",
            "org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:620)");

    @Test
    void theUserLineIsCountedAmongThePrintedLinesNotAmongTheParsedOnes() {
        assertThat(ThreadFrames.userLineIndex(STACK)).hasValue(2);
        assertThat(ThreadFrames.userFrameIndex(ThreadFrames.parse(STACK))).as("the unparsed line is not counted").hasValue(1);
        assertThat(ThreadFrames.userFrame(STACK).orElseThrow().function()).isEqualTo("com.acme.etl.Parser.parse");
    }

    @Test
    void aStackOfSparkAndTheJdkOnlyHasNoUserLine() {
        assertThat(ThreadFrames.userLineIndex(List.of(STACK.get(0), STACK.get(4)))).isEmpty();
        assertThat(ThreadFrames.userLineIndex(List.of())).isEmpty();
    }
}
