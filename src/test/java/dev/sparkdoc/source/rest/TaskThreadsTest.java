package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskThread;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import dev.sparkdoc.testing.Snapshots;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The running task's thread from its executor's dump: found by the name Spark gives it, frames
 * cleaned of class-loader and module prefixes, and the dump's faults (none to give, an error, a
 * server that does not answer in time) left out with a note, never the poll.
 */
class TaskThreadsTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final AppRef APP = new AppRef("app-1", Optional.empty());

    @RegisterExtension
    final FakeSpark spark = new FakeSpark();

    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    /** Stage 3 with task 812 running on executor 2 for {@code ageMs}. */
    private static List<Stage> running(long ageMs) {
        return Snapshots.app().stage(Snapshots.stage(3).tasks(10, 9).active(1).runningTask("2", ageMs)).build().stages();
    }

    private List<TaskThread> probe(List<Stage> stages, List<String> notes) {
        SparkApi api = new SparkApi(new RestClient(new OkHttpClient(), Headers.of(), Duration.ofSeconds(20)), spark.url("/"));
        return new TaskThreads(pool).probe(api, APP, stages, NOW, notes);
    }

    private static String dump(long taskId) {
        return """
                [{"threadId": 61, "threadName": "Executor task launch worker for task 0.0 in stage 3.0 (TID %d)",
                  "threadState": "BLOCKED",
                  "stackTrace": {"elems": ["app//com.acme.Cache.get(Cache.java:12)", "- locked <0x00000000f1> (a java.lang.Object)",
                     "app//org.apache.spark.sql.internal.ToScalaUDF$$$Lambda$3859/0x00007fb9b5122dd8.apply(Unknown Source)",
                     "java.base@17.0.9/java.lang.Thread.run(Thread.java:840)"]},
                  "blockedByThreadId": 62, "blockedByLock": "java.lang.Object@1f2e3d", "holdingLocks": []},
                 {"threadId": 62, "threadName": "Executor task launch worker for task 1.0 in stage 3.0 (TID 9999)", "threadState": "RUNNABLE",
                  "stackTrace": {"elems": []}, "blockedByLock": "", "holdingLocks": []}]
                """.formatted(taskId);
    }

    @Test
    void theTasksThreadIsFoundByItsNameWithCleanFramesAndWhatItWaitsFor() {
        long taskId = running(12_000).get(0).notableTasks().get(0).taskId();
        spark.routes().route("/api/v1/applications/app-1/executors/2/threads", () -> RoutingDispatcher.json(dump(taskId)));
        List<String> notes = new ArrayList<>();

        List<TaskThread> threads = probe(running(12_000), notes);

        assertThat(notes).isEmpty();
        assertThat(threads).hasSize(1);
        TaskThread t = threads.get(0);
        assertThat(t.taskId()).isEqualTo(taskId);
        assertThat(t.stageId()).isEqualTo(3);
        assertThat(t.state()).isEqualTo("BLOCKED");
        assertThat(t.blockedBy()).contains("java.lang.Object@1f2e3d held by thread 62");
        assertThat(t.frames()).containsExactly("com.acme.Cache.get(Cache.java:12)",
                "org.apache.spark.sql.internal.ToScalaUDF$$$Lambda$3859/0x00007fb9b5122dd8.apply(Unknown Source)",
                "java.lang.Thread.run(Thread.java:840)");
        assertThat(t.takenAt()).isEqualTo(NOW);
    }

    @Test
    void aYoungTaskIsNotWorthARequest() {
        List<TaskThread> threads = probe(running(9_000), new ArrayList<>());

        assertThat(threads).isEmpty();
        assertThat(spark.server().getRequestCount()).isZero();
    }

    @Test
    void threadNamesOfEverySparkVersionGiveTheirTaskId() {
        assertThat(TaskThreads.taskIdOf("Executor task launch worker for task 3.1 in stage 7.0 (TID 812)")).contains(812L);
        assertThat(TaskThreads.taskIdOf("Executor task launch worker for task 812")).contains(812L);
        assertThat(TaskThreads.taskIdOf("dispatcher-event-loop-1")).isEmpty();
    }

    @Test
    void aDumpTheServerCannotGiveIsLeftOutWithANoteAndASlowOneDoesNotHoldThePoll() {
        // one route whose answer the test changes (the first route of a path wins)
        java.util.concurrent.atomic.AtomicReference<java.util.function.Supplier<MockResponse>> answer = new java.util.concurrent.atomic.AtomicReference<>(
                () -> new MockResponse.Builder().code(400).body("Executor 2 is not active").build());
        spark.routes().route("/api/v1/applications/app-1/executors/2/threads", () -> answer.get().get());
        List<String> notes = new ArrayList<>();
        assertThat(probe(running(12_000), notes)).isEmpty();
        assertThat(notes).isEmpty(); // an executor that has gone has no dump: nothing to say

        answer.set(() -> RoutingDispatcher.text(500, "boom"));
        assertThat(probe(running(12_000), notes)).isEmpty();
        assertThat(notes).singleElement().asString().startsWith("the thread dump of executor 2 could not be read:");

        notes.clear();
        answer.set(() -> new MockResponse.Builder().headersDelay(TaskThreads.WAIT_MS + 5_000, TimeUnit.MILLISECONDS).body("[]").build());
        long t0 = System.nanoTime();
        assertThat(probe(running(12_000), notes)).isEmpty();
        assertThat(notes).containsExactly("the thread dump of executor 2 took over 3 s: left out of this poll");
        // bounded by the wait, not by the server: the only timing here is an upper bound the code sets
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(TaskThreads.WAIT_MS + 4_000));
    }
}
