package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RealTerminal;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparkdoc attach} in its own JVM in an 80×24 tmux pane, against a driver whose executor's
 * log links lead to a worker that is slow to send the stderr: the logs view says it is reading,
 * the rest of the view answers keys meanwhile, and the logs show once the worker answers, the
 * printed line marked.
 */
@RealTerminal
class TmuxLogsViewTest {

    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String APP = "/api/v1/applications/" + IdleDriver.ID;

    @RegisterExtension
    final FakeSpark driver = new FakeSpark();

    @TempDir
    Path dir;

    private String executors() {
        String link = driver.origin() + "/logPage/?appId=" + IdleDriver.ID + "&executorId=1&logType=";
        return """
                [{"id": "driver", "hostPort": "driver-host:42573", "isActive": true, "totalCores": 0, "maxTasks": 0,
                  "addTime": "2026-11-29T13:29:00.000GMT", "executorLogs": {}},
                 {"id": "1", "hostPort": "worker-1:40001", "isActive": true, "totalCores": 2, "maxTasks": 2, "completedTasks": 4,
                  "totalTasks": 4, "addTime": "2026-11-29T13:29:05.000GMT",
                  "executorLogs": {"stdout": "%sstdout", "stderr": "%sstderr"}}]""".formatted(link, link);
    }

    private MockResponse answer(RecordedRequest request, CountDownLatch stderrSent) throws InterruptedException {
        String path = request.getUrl().encodedPath();
        if (path.equals(APP + "/allexecutors") || path.equals(APP + "/executors")) {
            return RoutingDispatcher.json(executors());
        }
        if (path.equals("/log/")) {
            boolean stderr = "stderr".equals(request.getUrl().queryParameter("logType"));
            if (stderr) {
                // a worker slow to send: the view must not wait on it
                stderrSent.await(2, TimeUnit.MINUTES);
            }
            String text = stderr ? "26/11/29 13:30:00 INFO Executor: Running task 0.0 in stage 0.0 (TID 0)\nhello from the Python UDF 7\n"
                    : "stdout line of the JVM\n";
            return new MockResponse.Builder().code(200).body("==== Bytes 0-" + text.length() + " of " + text.length()
                    + " of /work/app/1/" + (stderr ? "stderr" : "stdout") + " ====\n" + text).build();
        }
        return IdleDriver.answer(path);
    }

    @Test
    void aSlowWorkerLeavesTheViewAnsweringKeysAndItsLogsShowOnceItAnswers() throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        CountDownLatch stderrSent = new CountDownLatch(1);
        driver.routes().otherwise(request -> {
            try {
                return answer(request, stderrSent);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return RoutingDispatcher.text(500, "interrupted");
            }
        });
        try (Tmux tmux = Tmux.start(80, 24)) {
            Path run = Tmux.attachScript(dir, "", "--interval 1 --timeout 20 " + driver.url("/"));
            tmux.awaitText(Tmux.PROMPT.strip(), WAIT);
            tmux.runAttach(run);
            tmux.awaitAll(STARTUP, "RUNNING │ Spark 4.0.1", "3 Executors 2");

            tmux.keys("3", "j", "Enter");
            tmux.awaitAll(WAIT, "Executor 1 · worker-1:40001 · logs · reading…", "Reading executor 1's stdout and stderr");
            // the worker holds the stderr: help opens and closes, the poll goes on
            tmux.keys("?");
            tmux.awaitAll(WAIT, "sparkdoc attach: keys", "executor stdout and stderr");
            tmux.keys("x");
            tmux.await("the help closed, the logs still being read", WAIT,
                    s -> !s.contains("sparkdoc attach: keys") && s.contains("logs · reading…") && s.contains("Reading executor 1's"));

            stderrSent.countDown();
            String read = tmux.awaitAll(WAIT, "Executor 1 · worker-1:40001 · logs · read", "> 1 line printed in executor 1's stderr",
                    "── executor 1 stderr (log4j, exceptions, print() of its Python workers): all ", "> hello from the Python UDF 7",
                    "> stdout line of the JVM");
            assertThat(read.lines()).allMatch(l -> l.length() <= 80);
            tmux.keys("q");
            tmux.awaitText("EXIT=0", WAIT);
        } catch (AssertionError e) {
            Path log = dir.resolve(".cache/sparkdoc/attach.log");
            throw new AssertionError(e.getMessage() + "\nattach.log:\n" + (Files.exists(log) ? Files.readString(log) : "(none)"), e);
        } finally {
            stderrSent.countDown();
        }
    }
}
