package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverDump;
import dev.sparkdoc.model.DriverThread;
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
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import mockwebserver3.MockResponse;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The driver's own dump: asked for only when the executors have been quiet a while or the driver
 * answered slowly, main and the app's threads kept (the platform's and the tasks' dropped), at
 * most one request a poll and fewer while the same quiet spell goes on, and its faults (none to
 * give, an error, no answer in time) left out with a note, never the poll.
 */
class DriverThreadsTest {

    private static final AppRef APP = new AppRef("app-1", Optional.empty());
    private static final String ROUTE = "/api/v1/applications/app-1/executors/driver/threads";
    /** The last stage ended at T0 + 40 s. */
    private static final Instant QUIET_45S = T0.plusSeconds(85);

    @RegisterExtension
    final FakeSpark spark = new FakeSpark();

    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final DriverThreads threads = new DriverThreads(pool, DriverThreads.Thresholds.DEFAULT);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private static AppSnapshot app(Instant now, int runningTasks) {
        return Snapshots.app().running(now).stage(stage(0).tasks(4, 4))
                .stage(stage(1).tasks(4, 0).active(runningTasks).status(dev.sparkdoc.model.StageStatus.ACTIVE)).build();
    }

    private Optional<DriverDump> probe(AppSnapshot s, long answerMs, List<String> notes) {
        SparkApi api = new SparkApi(new RestClient(new OkHttpClient(), Headers.of(), Duration.ofSeconds(20)), spark.url("/"));
        return threads.probe(api, APP, s.application(), s.stages(), answerMs, s.takenAt(), notes);
    }

    static final String DUMP = """
            [{"threadId": 1, "threadName": "main", "threadState": "RUNNABLE",
              "stackTrace": {"elems": ["java.base@17.0.9/java.util.HashMap.putVal(HashMap.java:636)",
                 "app//com.acme.Report.build(Report.java:42)", "app//com.acme.Report.main(Report.java:12)"]}},
             {"threadId": 2, "threadName": "dag-scheduler-event-loop", "threadState": "WAITING",
              "stackTrace": {"elems": ["java.base@17.0.9/jdk.internal.misc.Unsafe.park(Native Method)",
                 "app//org.apache.spark.util.EventLoop$$anon$1.run(EventLoop.scala:46)"]}},
             {"threadId": 3, "threadName": "Executor task launch worker for task 0.0 in stage 1.0 (TID 4)", "threadState": "RUNNABLE",
              "stackTrace": {"elems": ["app//com.acme.Udf.call(Udf.java:3)"]}},
             {"threadId": 4, "threadName": "report-pool-1", "threadState": "BLOCKED",
              "stackTrace": {"elems": ["app//com.acme.Cache.get(Cache.java:9)", "- locked <0x00000000f1> (a java.lang.Object)",
                 "java.base@17.0.9/java.lang.Thread.run(Thread.java:840)"]},
              "blockedByThreadId": 1, "blockedByLock": "java.lang.Object@1f2e3d"},
             {"threadId": 5, "threadName": "Thread-3", "threadState": "RUNNABLE",
              "stackTrace": {"elems": ["java.base@17.0.9/sun.nio.ch.Net.poll(Native Method)",
                 "py4j.ClientServerConnection.run(ClientServerConnection.java:106)"]}}]
            """;

    @Test
    void aQuietSpellOfFifteenSecondsOrMoreTakesTheDumpAndKeepsTheThreadsThatMayTellWhatTheDriverDoes() {
        spark.routes().route(ROUTE, () -> RoutingDispatcher.json(DUMP));
        List<String> notes = new ArrayList<>();

        DriverDump d = probe(app(QUIET_45S, 0), 120, notes).orElseThrow();

        assertThat(notes).isEmpty();
        assertThat(d.reason()).isEqualTo("no task has run for 45 s");
        assertThat(d.quietMs()).isEqualTo(45_000);
        assertThat(d.answerMs()).isEqualTo(120);
        assertThat(d.threadCount()).isEqualTo(5);
        assertThat(d.takenAt()).isEqualTo(QUIET_45S);
        // main first, then what runs: never a task's thread (the executor's dump says that) nor Spark's own loops
        assertThat(d.threads()).extracting(DriverThread::threadName).containsExactly("main", "report-pool-1", "Thread-3");
        assertThat(d.threads().get(0).frames()).containsExactly("java.util.HashMap.putVal(HashMap.java:636)",
                "com.acme.Report.build(Report.java:42)", "com.acme.Report.main(Report.java:12)");
        assertThat(d.threads().get(1).blockedBy()).contains("java.lang.Object@1f2e3d held by thread 1");
    }

    @Test
    void sparkdocsOwnThreadWaitingForTheDumpIsNeverTheDriversWork() {
        // sparkdoc inside the driver's JVM (embedded, or a test beside a local Spark): its poll is caught mid-request
        String dump = """
                [{"threadId": 1, "threadName": "main", "threadState": "RUNNABLE",
                  "stackTrace": {"elems": ["java.base@17.0.9/jdk.internal.misc.Unsafe.unpark(Native Method)",
                     "app//dev.sparkdoc.source.rest.DriverThreads.probe(DriverThreads.java:84)",
                     "app//dev.sparkdoc.source.rest.RestSource.read(RestSource.java:120)"]}},
                 {"threadId": 7, "threadName": "workload", "threadState": "RUNNABLE",
                  "stackTrace": {"elems": ["app//com.acme.Report.build(Report.java:42)"]}}]
                """;
        spark.routes().route(ROUTE, () -> RoutingDispatcher.json(dump));
        DriverDump d = probe(app(QUIET_45S, 0), 100, new ArrayList<>()).orElseThrow();
        assertThat(d.threadCount()).isEqualTo(2);
        assertThat(d.threads()).extracting(DriverThread::threadName).containsExactly("workload");
    }

    @Test
    void aRunningTaskOrAShortQuietIsNotWorthARequestButASlowAnswerIs() {
        spark.routes().route(ROUTE, () -> RoutingDispatcher.json(DUMP));
        assertThat(probe(app(QUIET_45S, 2), 120, new ArrayList<>())).isEmpty();
        assertThat(probe(app(T0.plusSeconds(54), 0), 120, new ArrayList<>())).isEmpty(); // 14 s quiet
        assertThat(spark.server().getRequestCount()).isZero();

        DriverDump d = probe(app(QUIET_45S, 2), 6_200, new ArrayList<>()).orElseThrow();
        assertThat(d.reason()).isEqualTo("the REST API took 6.2 s to answer");
        assertThat(d.quietMs()).isZero();
        assertThat(spark.server().getRequestCount()).isEqualTo(1);
    }

    @Test
    void theSameQuietSpellIsDumpedAtMostEveryTenSecondsAndTheLastDumpKeptBetween() {
        spark.routes().route(ROUTE, () -> RoutingDispatcher.json(DUMP));
        DriverDump first = probe(app(QUIET_45S, 0), 100, new ArrayList<>()).orElseThrow();
        assertThat(probe(app(QUIET_45S.plusSeconds(4), 0), 100, new ArrayList<>())).contains(first);
        assertThat(spark.server().getRequestCount()).isEqualTo(1);

        DriverDump later = probe(app(QUIET_45S.plusSeconds(10), 0), 100, new ArrayList<>()).orElseThrow();
        assertThat(later.takenAt()).isEqualTo(QUIET_45S.plusSeconds(10));
        assertThat(spark.server().getRequestCount()).isEqualTo(2);
    }

    @Test
    void aDumpTheDriverCannotGiveIsLeftOutWithANoteAndASlowOneDoesNotHoldThePoll() {
        AtomicReference<Supplier<MockResponse>> answer = new AtomicReference<>(() -> RoutingDispatcher.text(404, "No thread dump is available."));
        spark.routes().route(ROUTE, () -> answer.get().get());
        List<String> notes = new ArrayList<>();
        assertThat(probe(app(QUIET_45S, 0), 100, notes)).isEmpty();
        assertThat(notes).isEmpty(); // a server with none to give: nothing to say

        notes.clear();
        answer.set(() -> RoutingDispatcher.text(500, "boom"));
        assertThat(probe(app(QUIET_45S.plusSeconds(11), 0), 100, notes)).isEmpty();
        assertThat(notes).singleElement().asString().startsWith("the driver's thread dump could not be read:");

        notes.clear();
        answer.set(() -> new MockResponse.Builder().headersDelay(TaskThreads.WAIT_MS + 5_000, TimeUnit.MILLISECONDS).body("[]").build());
        long t0 = System.nanoTime();
        assertThat(probe(app(QUIET_45S.plusSeconds(22), 0), 100, notes)).isEmpty();
        assertThat(notes).containsExactly("the driver's thread dump took over 3 s: left out of this poll");
        // bounded by the wait, not by the server: the only timing here is an upper bound the code sets
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(TaskThreads.WAIT_MS + 4_000));

        // a driver slow to answer that does not give its dump in time: its answer time is still kept
        DriverDump slow = probe(app(QUIET_45S.plusSeconds(33), 2), 7_000, new ArrayList<>()).orElseThrow();
        assertThat(slow.answerMs()).isEqualTo(7_000);
        assertThat(slow.threadCount()).isZero();
        assertThat(slow.threads()).isEmpty();
    }
}
