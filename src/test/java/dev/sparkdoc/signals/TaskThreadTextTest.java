package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.TaskThread;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TaskThreadTextTest {

    private static final Instant AT = Instant.parse("2026-12-01T10:00:00.123Z");

    private static TaskThread thread(String state, Optional<String> blockedBy, String... frames) {
        return new TaskThread(812, 3, 0, "2", "Executor task launch worker for task 0.0 in stage 3.0 (TID 812)", state,
                List.of(frames), blockedBy, AT);
    }

    @Test
    void theUsersFrameIsNamedWithItsFileLineAndState() {
        assertThat(TaskThreadText.of(thread("RUNNABLE", Optional.empty(), "java.util.regex.Pattern$Curly.match(Pattern.java:4300)",
                "com.acme.etl.MyParser.parse(MyParser.scala:42)", "org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:650)")))
                .isEqualTo("task 812 is in MyParser.parse (MyParser.scala:42), RUNNABLE, thread dump at 2026-12-01T10:00:00Z");
    }

    @Test
    void aTaskWaitingOnALockSaysWhatItWaitsFor() {
        assertThat(TaskThreadText.of(thread("BLOCKED", Optional.of("java.lang.Object@1f2e3d held by thread 62"),
                "com.acme.Cache.get(Cache.java:12)")))
                .startsWith("task 812 is in Cache.get (Cache.java:12), BLOCKED, waiting for java.lang.Object@1f2e3d held by thread 62");
    }

    @Test
    void aPySparkTaskWaitsOnItsPythonWorker() {
        assertThat(TaskThreadText.of(thread("RUNNABLE", Optional.empty(), "java.net.SocketInputStream.socketRead0(Native Method)",
                "org.apache.spark.api.python.BasePythonRunner$ReaderIterator.hasNext(PythonRunner.scala:525)",
                "org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:650)")))
                .startsWith("task 812 waits on its Python worker, where the Python code runs");
    }

    @Test
    void withoutUserCodeOnTheStackItIsSparksOwnCode() {
        assertThat(TaskThreadText.of(thread("RUNNABLE", Optional.empty(),
                "org.apache.spark.shuffle.sort.BypassMergeSortShuffleWriter.write(BypassMergeSortShuffleWriter.java:143)")))
                .startsWith("task 812 is in Spark's own code, BypassMergeSortShuffleWriter.write (BypassMergeSortShuffleWriter.java:143), RUNNABLE");
        assertThat(TaskThreadText.of(thread("WAITING", Optional.empty()))).isEqualTo("task 812 is WAITING, thread dump at 2026-12-01T10:00:00Z");
    }
}
