package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.LogTail;
import dev.sparkdoc.report.LogsPage;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.rest.ExecutorLogReader;
import dev.sparkdoc.testing.Snapshots;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The logs view of {@code attach}: Enter on an executor (or l on a failed stage) asks for its logs
 * once, off the UI thread; what arrives is drawn at 80×24 with the app's printed lines and the
 * errors marked; and the faults: a link that 404s, a server that does not answer, no links.
 */
class LogsPaneTest {

    /** The pictures' own time (the snapshots run to T0 + 300 s): a read stamped then is "read 0s ago". */
    private static final java.time.Clock CLOCK = java.time.Clock.fixed(Snapshots.T0.plusSeconds(300), java.time.ZoneOffset.UTC);

    /** What a real local-cluster executor's stderr holds after a Python UDF printed and another raised (PySparkLogsScenarioTest). */
    static final String PYSPARK_STDERR = """
            Spark Executor Command: "/usr/lib/jvm/java-17/bin/java" "-cp" "/opt/spark/jars/*" "-Xmx512M"
            ========================================

            Using Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties
            26/12/04 21:09:51 INFO Executor: Running task 0.0 in stage 0.0 (TID 0)
            hello from the Python UDF 0
            hello from the Python UDF 1
            hello from the Python UDF 2
            26/12/04 21:09:56 ERROR Executor: Exception in task 0.0 in stage 1.0 (TID 1)
            org.apache.spark.api.python.PythonException: Traceback (most recent call last):
              File "/home/me/jobs/app.py", line 9, in divide
                return 10 // (x - 2)
                       ~~~^^~~~~~~~~
            ZeroDivisionError: integer division or modulo by zero

            \tat org.apache.spark.api.python.BasePythonRunner$ReaderIterator.handlePythonException(PythonRunner.scala:572)
            \tat org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:620)
            26/12/04 21:09:56 INFO Executor: Finished task 0.0 in stage 2.0 (TID 2)
            """;

    private final MockWebServer server = new MockWebServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private static AppSnapshot cluster(Map<String, String> links) {
        return Snapshots.app().running(Snapshots.T0.plusSeconds(300))
                .stage(stage(3).tasks(10, 9).failure("ExceptionFailure", "org.apache.spark.api.python.PythonException",
                        "ZeroDivisionError: integer division or modulo by zero", 1))
                .executors(executor("driver", 0), executor("1", 4).logs(links)).build();
    }

    private static final Map<String, String> LINKS = Map.of(
            "stdout", "http://host-1:8081/logPage/?appId=app-1&executorId=1&logType=stdout",
            "stderr", "http://host-1:8081/logPage/?appId=app-1&executorId=1&logType=stderr");

    private static Update.Step press(UiState s, String keys) {
        Update.Step step = new Update.Step(s, List.of());
        List<Effect> effects = new ArrayList<>();
        for (KeyInput k : KeyInput.typed(keys)) {
            step = Update.apply(step.state(), new UiEvent.Pressed(k));
            effects.addAll(step.effects());
        }
        return new Update.Step(step.state(), effects);
    }

    /** Every row the view shows, scrolled from top to bottom a page at a time. */
    private static List<String> allRows(UiState s) {
        List<String> rows = new ArrayList<>();
        UiState at = s;
        for (int page = 0; page < 50; page++) {
            Frame f = Views.render(at);
            IntStream.range(0, f.height()).mapToObj(f::row).forEach(rows::add);
            UiState next = Update.apply(at, new UiEvent.Pressed(KeyInput.of(KeyInput.Kind.PAGE_DOWN))).state();
            if (next.drill().get().cursor() == at.drill().get().cursor()) {
                break;
            }
            at = next;
        }
        return rows;
    }

    private static LogTail tail(String kind, String text) {
        return new LogTail("1", kind, LINKS.get(kind), text, OptionalLong.of(0), OptionalLong.of(text.length()), Optional.empty());
    }

    @Test
    void enterOnAnExecutorReadsItsLogsOnceAndDrawsThePrintsAndThePythonErrorMarked() {
        UiState s = TuiFixtures.live(cluster(LINKS), 80, 24);

        Update.Step opened = press(s, "3j\n");

        assertThat(opened.effects()).containsExactly(new Effect.ReadLogs("1", LINKS));
        assertThat(Views.render(opened.state()).row(Layout.BODY_TOP)).startsWith("Executor 1 · host-1:7337 · logs · reading…");
        // a poll while the view is open reads no log
        Update.Step polled = Update.apply(opened.state(), new UiEvent.SnapshotArrived(TuiFixtures.diagnose(cluster(LINKS)),
                ProcessPaneRows.NOT_YET, Snapshots.T0.plusSeconds(302), 50, Duration.ofSeconds(2)));
        assertThat(polled.effects()).isEmpty();
        // r while the read is on its way asks for nothing more
        assertThat(press(polled.state(), "r").effects()).isEmpty();

        LogsPage page = LogsPage.of(List.of(tail("stdout", "System.out says hi\n"), tail("stderr", PYSPARK_STDERR)));
        UiState read = Update.apply(polled.state(), new UiEvent.LogsRead("1", page, Snapshots.T0.plusSeconds(303))).state();
        List<String> rows = allRows(read);

        assertThat(rows).allSatisfy(r -> assertThat(r).hasSize(80));
        assertThat(rows.get(Layout.BODY_TOP)).startsWith("Executor 1 · host-1:7337 · logs · read 0s ago");
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("Errors explain finds in executor 1's stderr: "));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("! ZeroDivisionError in divide at app.py:9"));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("> 3 lines printed in executor 1's stderr, the last: hello from the Python UDF 2 "));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("> 1 line printed in executor 1's stdout, the last: System.out says hi "));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("── executor 1 stderr (log4j, exceptions, print() of its Python workers)"));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("> hello from the Python UDF 2 "));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("> System.out says hi "));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("!   File \"/home/me/jobs/app.py\", line 9, in divide"));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("! ZeroDivisionError: integer division or modulo by zero"));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("  26/12/04 21:09:51 INFO Executor: Running task"));
        // the executor's launch command is cut at the width, not wrapped
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("  Spark Executor Command: ").endsWith("…"));

        // r reads again, keeping the page until the new one comes
        Update.Step again = press(read, "r");
        assertThat(again.effects()).containsExactly(new Effect.ReadLogs("1", LINKS));
        assertThat(again.state().drill().flatMap(Drill::logs).flatMap(ExecutorLogs::page)).contains(page);
        // a page for another executor is not this one's
        UiState other = Update.apply(again.state(), new UiEvent.LogsRead("2", LogsPage.of(List.of()), Snapshots.T0)).state();
        assertThat(other.drill().flatMap(Drill::logs).map(ExecutorLogs::reading)).contains(true);
        // Esc goes back to the executors
        assertThat(press(read, "b").state().drill()).isEmpty();
    }

    @Test
    void aPythonFrameTooWideForTheRowKeepsItsFileLineAndFunction() {
        String frame = "  File \"/home/someone/projects/etl/jobs/nightly/py_logs.py\", line 18, in divide";

        assertThat(LogsView.shortFrame(frame, 100)).isEqualTo(frame);
        assertThat(LogsView.shortFrame(frame, 50)).isEqualTo("  File \"…/nightly/py_logs.py\", line 18, in divide");
        assertThat(LogsView.shortFrame(frame, 40)).isEqualTo("  File \"…/py_logs.py\", line 18, in divide");
        assertThat(LogsView.shortFrame("    return 10 // (x - 2)", 10)).isEqualTo("    return 10 // (x - 2)");
    }

    @Test
    void lOnAFailedStageOpensTheLogsOfTheExecutorItFailedOn() {
        UiState s = TuiFixtures.live(cluster(LINKS), 80, 24);

        Update.Step step = press(s, "2l");

        assertThat(step.state().pane()).isEqualTo(Pane.EXECUTORS);
        assertThat(step.state().drill()).hasValueSatisfying(d -> assertThat(d.key()).isEqualTo("1"));
        assertThat(step.effects()).containsExactly(new Effect.ReadLogs("1", LINKS));
    }

    @Test
    void inLocalModeThePaneSaysWhyThereAreNoLogs() {
        AppSnapshot local = Snapshots.app().conf("spark.master", "local[2]").running(Snapshots.T0.plusSeconds(60))
                .executors(executor("driver", 2)).build();
        Update.Step step = press(TuiFixtures.live(local, 80, 24), "3\n");

        assertThat(step.effects()).isEmpty();
        List<String> rows = allRows(step.state());
        assertThat(String.join("\n", rows)).contains("no executor log links: in local mode (local[2]) the executor is the");
    }

    /** The pane through the real reader and feed, as attach runs them, against {@code server}. */
    private UiState readThroughFeed(HttpOptions options) throws Exception {
        BlockingQueue<UiEvent> events = new LinkedBlockingQueue<>();
        Map<String, String> links = Map.of("stdout", server.url("/logPage/?appId=a&executorId=1&logType=stdout").toString(),
                "stderr", server.url("/logPage/?appId=a&executorId=1&logType=stderr").toString());
        UiState s = TuiFixtures.live(cluster(links), 80, 24);
        Update.Step opened = press(s, "3j\n");
        try (ExecutorLogReader reader = new ExecutorLogReader(server.url("/").uri(), options);
             LogsFeed feed = new LogsFeed(reader::tail, events::add, CLOCK)) {
            Effect.ReadLogs read = (Effect.ReadLogs) opened.effects().get(0);
            feed.read(read.executorId(), read.links());
            UiEvent arrived = events.poll(2, TimeUnit.MINUTES);
            assertThat(arrived).isInstanceOf(UiEvent.LogsRead.class);
            return Update.apply(opened.state(), arrived).state();
        }
    }

    @Test
    void aLinkThat404sIsSaidInThePaneWithTheWayOut() throws Exception {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest r) {
                return new MockResponse.Builder().code(404).body("gone").build();
            }
        });
        server.start();

        String shown = String.join("\n", allRows(readThroughFeed(HttpOptions.DEFAULT)));

        assertThat(shown).contains("! the log link answered HTTP 404: the worker no longer has it");
    }

    @Test
    void aSlowServerLeavesTheViewResponsiveAndTheReadEndsAtItsTimeout() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest r) throws InterruptedException {
                release.await(2, TimeUnit.MINUTES);
                return new MockResponse.Builder().body("late line").build();
            }
        });
        server.start();
        Map<String, String> links = Map.of("stderr", server.url("/logPage/?appId=a&executorId=1&logType=stderr").toString());
        Update.Step opened = press(TuiFixtures.live(cluster(links), 80, 24), "3j\n");

        // while the server holds its answer, read() has come back and keys still fold
        BlockingQueue<UiEvent> events = new LinkedBlockingQueue<>();
        try (ExecutorLogReader reader = new ExecutorLogReader(server.url("/").uri(), HttpOptions.DEFAULT);
             LogsFeed feed = new LogsFeed(reader::tail, events::add, CLOCK)) {
            feed.read("1", links);
            assertThat(events).isEmpty();
            UiState meanwhile = press(opened.state(), "jk").state();
            assertThat(Views.render(meanwhile).row(Layout.BODY_TOP)).contains("reading…");
            release.countDown();
            UiState read = Update.apply(meanwhile, events.poll(2, TimeUnit.MINUTES)).state();
            assertThat(String.join("\n", allRows(read))).contains("> late line");
        }

        // a server that never answers: the read ends at the reader's timeout, and says so
        CountDownLatch never = new CountDownLatch(1);
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest r) throws InterruptedException {
                never.await(2, TimeUnit.MINUTES);
                return new MockResponse.Builder().body("too late").build();
            }
        });
        HttpOptions quick = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofMillis(300));
        try (ExecutorLogReader reader = new ExecutorLogReader(server.url("/").uri(), quick);
             LogsFeed feed = new LogsFeed(reader::tail, events::add, CLOCK)) {
            feed.read("1", links);
            UiState read = Update.apply(opened.state(), events.poll(2, TimeUnit.MINUTES)).state();
            assertThat(String.join("\n", allRows(read))).containsPattern("! the log link could not be read: .*(timeout|timed out)");
        } finally {
            never.countDown();
        }
    }

    @Test
    void logTextIsMadeSafeAndRedactedBeforeItIsDrawn() throws Exception {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest r) {
                return new MockResponse.Builder().body("==== Bytes 0-90 of 90 of /work/app/1/stderr ====\n"
                        + "evil \u001b]52;c;aGVsbG8=\u0007 \u001b[2J clipboard\n"
                        + "jdbc:postgresql://db:5432/x?user=u&password=S3CR3T\n").build();
            }
        });
        server.start();

        String shown = String.join("\n", allRows(readThroughFeed(HttpOptions.DEFAULT)));

        assertThat(shown).contains("> evil").doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("S3CR3T");
    }
}
