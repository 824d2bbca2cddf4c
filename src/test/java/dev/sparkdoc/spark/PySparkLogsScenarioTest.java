package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.rest.ExecutorLogReader;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.tui.Drill;
import dev.sparkdoc.tui.Effect;
import dev.sparkdoc.tui.Frame;
import dev.sparkdoc.tui.KeyInput;
import dev.sparkdoc.tui.LogsFeed;
import dev.sparkdoc.tui.PollStatus;
import dev.sparkdoc.tui.ProcessPaneRows;
import dev.sparkdoc.tui.UiEvent;
import dev.sparkdoc.tui.UiState;
import dev.sparkdoc.tui.Update;
import dev.sparkdoc.tui.Views;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real PySpark 3.5.1 application on a {@code local-cluster[1,1,1024]} (a real executor JVM, its
 * Python daemon and workers): a UDF prints and another raises ZeroDivisionError. Spark puts both
 * in the executor's <em>stderr</em> (PythonWorkerFactory copies the Python workers' stdout and
 * stderr into the executor's System.err), not its stdout: {@code sparkdoc logs} and the live
 * view's logs show the prints as printed output and the traceback explained, with the user's file
 * and line. Skipped, saying why, on a clone without {@code ../shared/pyspark-3.5.1}.
 */
@RealSpark
class PySparkLogsScenarioTest {

    private static final Duration PATIENCE = Duration.ofMinutes(4);

    @TempDir
    Path dir;

    @BeforeEach
    void needsPySpark() {
        assumeTrue(PySparkApp.available(), () -> "skipped: " + PySparkApp.unavailableReason());
    }

    @Test
    void aPythonUdfsPrintAndItsTracebackAreReadFromTheExecutorsStderrByLogsAndTheLiveView() throws Exception {
        try (PySparkApp app = PySparkApp.submit(dir, "py_logs.py", Map.of("spark.task.maxFailures", "1"), "local-cluster[1,1,1024]")) {
            app.awaitMark("holding", PATIENCE);
            URI ui = app.uiUrl(PATIENCE);
            assertThat(app.marks()).contains("failed");

            CliRun run = CliRun.of("logs", ui.toString());

            assertThat(run.exitCode()).as(run.err()).isZero();
            String out = run.out();
            System.err.println("PySparkLogsScenarioTest:\n" + out.lines().filter(l -> !l.contains(" INFO ") && !l.contains("\tat "))
                    .limit(80).reduce("", (a, b) -> a + b + "\n"));
            int stdout = out.indexOf("== executor 0 stdout (System.out of its JVM code)");
            int stderr = out.indexOf("== executor 0 stderr (log4j, exceptions, print() of its Python workers): all ");
            assertThat(stdout).as(out).isNotNegative();
            assertThat(stderr).as(out).isGreaterThan(stdout);
            // not in stdout: that is where the header used to send people
            assertThat(out.substring(stdout, stderr)).doesNotContain("hello from the Python UDF");
            String err = out.substring(stderr);
            assertThat(err).contains("  hello from the Python UDF 0", "  hello from the Python UDF 2",
                    "Printed in executor 0's stderr (print() of its Python workers, System.err): ",
                    "  > hello from the Python UDF 0", "  > hello from the Python UDF 1", "  > hello from the Python UDF 2",
                    "Errors in executor 0's stderr:", "ZeroDivisionError: integer division or modulo by zero",
                    "what:   Python code in a UDF raised ZeroDivisionError", "py_logs.py:18, in divide");
            // the traceback is an error, never "printed output"
            assertThat(err).doesNotContain("  > ZeroDivisionError", "  > Traceback", "  >   File ");

            List<String> pane = liveViewLogs(ui);
            System.err.println("PySparkLogsScenarioTest, the live view:\n" + String.join("\n", pane.subList(0, Math.min(24, pane.size()))));
            assertThat(pane).anySatisfy(r -> assertThat(r).startsWith("Executor 0 · 127.0.0.1"));
            assertThat(pane).anySatisfy(r -> assertThat(r).startsWith("! ZeroDivisionError in divide at py_logs.py:18"));
            assertThat(pane).anySatisfy(r -> assertThat(r).startsWith("> hello from the Python UDF 1"));
            assertThat(pane).anySatisfy(r -> assertThat(r).startsWith("> ").contains(" printed in executor 0's stderr, the last: hello from the Python UDF 2"));
            assertThat(pane).anySatisfy(r -> assertThat(r).startsWith("! ZeroDivisionError: integer division or modulo by zero"));
            // the script's whole path where the checkout's path is short enough, else its folders give way ("…/pyspark/py_logs.py")
            assertThat(pane).anySatisfy(r -> assertThat(r).startsWith("!   File \"").contains("/pyspark/py_logs.py\", line 18, in divide"));
            assertThat(pane).allSatisfy(r -> assertThat(r).hasSize(80));
        }
    }

    /**
     * What attach's logs view shows at 80×24 for executor 0 (Executors pane, the row below the
     * driver, Enter), read through the same feed and reader attach uses: every row of every page.
     */
    private static List<String> liveViewLogs(URI ui) throws Exception {
        AppSnapshot snap;
        try (RestSource rest = new RestSource(new Target.Http(ui), AppSelector.ANY, HttpOptions.DEFAULT)) {
            snap = rest.read();
        }
        Diagnosis d = Diagnosis.of(snap, RuleCatalog.builtIn());
        UiState s = UiState.initial(PollStatus.live(ui.toString(), Duration.ofSeconds(2)), 80, 24, snap.takenAt());
        s = Update.apply(s, new UiEvent.SnapshotArrived(d, ProcessPaneRows.NOT_YET, snap.takenAt(), 100, Duration.ofSeconds(2))).state();
        List<Effect> effects = new ArrayList<>();
        for (KeyInput k : KeyInput.typed("3j\n")) {
            Update.Step step = Update.apply(s, new UiEvent.Pressed(k));
            s = step.state();
            effects.addAll(step.effects());
        }
        assertThat(effects).hasSize(1);
        Effect.ReadLogs read = (Effect.ReadLogs) effects.get(0);
        assertThat(read.executorId()).isEqualTo("0");
        BlockingQueue<UiEvent> events = new LinkedBlockingQueue<>();
        try (ExecutorLogReader reader = new ExecutorLogReader(ui, HttpOptions.DEFAULT);
             LogsFeed feed = new LogsFeed(reader::tail, events::add, Clock.fixed(snap.takenAt(), java.time.ZoneOffset.UTC))) {
            feed.read(read.executorId(), read.links());
            UiEvent arrived = events.poll(2, TimeUnit.MINUTES);
            assertThat(arrived).isInstanceOf(UiEvent.LogsRead.class);
            s = Update.apply(s, arrived).state();
        }
        List<String> rows = new ArrayList<>();
        for (int page = 0; page < 200; page++) {
            Frame f = Views.render(s);
            IntStream.range(0, f.height()).mapToObj(f::row).forEach(rows::add);
            UiState next = Update.apply(s, new UiEvent.Pressed(KeyInput.of(KeyInput.Kind.PAGE_DOWN))).state();
            if (next.drill().map(Drill::cursor).equals(s.drill().map(Drill::cursor))) {
                break;
            }
            s = next;
        }
        return rows;
    }
}
