package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RealTerminal;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparkdoc attach} in its own JVM in an 80×24 tmux pane, against a driver whose stage list
 * grows with every poll: the selection stays on its stage while new stages arrive above it; when
 * the driver stops answering the header says UNREACHABLE and the uptime stops; {@code q} and
 * {@code ?} stay on the bottom row throughout. And {@code c} under tmux's default settings puts
 * the config in tmux's paste buffer and says so.
 */
@RealTerminal
class TmuxLiveViewTest {

    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String APP = "/api/v1/applications/" + IdleDriver.ID;
    private static final Pattern OPENED = Pattern.compile("Stage (\\d+) \\(attempt 0\\)");

    @RegisterExtension
    final FakeSpark driver = new FakeSpark();

    @TempDir
    Path dir;

    /**
     * A driver whose newest stage is always running, one stage further at every poll (the poller
     * reads {@code stages?status=active} once a poll): the ones before it are finished.
     */
    private static String stage(int id, boolean active) {
        return """
                {"status": "%s", "stageId": %d, "attemptId": 0, "numTasks": 4, "numCompleteTasks": %d, "numActiveTasks": %d,
                 "submissionTime": "2026-11-29T13:30:00.000GMT", %s
                 "executorRunTime": 900, "name": "stage %d at Job.scala:42"}""".formatted(active ? "ACTIVE" : "COMPLETE", id,
                active ? 2 : 4, active ? 2 : 0, active ? "" : "\"completionTime\": \"2026-11-29T13:30:01.000GMT\",", id);
    }

    private static MockResponse answer(RecordedRequest request, AtomicInteger newest) {
        String path = request.getUrl().encodedPath();
        String status = request.getUrl().queryParameter("status");
        if (path.equals(APP + "/stages")) {
            if ("active".equals(status)) {
                return json("[" + stage(newest.incrementAndGet(), true) + "]");
            }
            if (status != null) {
                return json("[]");
            }
            int n = newest.get();
            return json(IntStream.rangeClosed(0, n).map(i -> n - i).mapToObj(i -> stage(i, i == n))
                    .collect(Collectors.joining(",", "[", "]")));
        }
        Matcher one = Pattern.compile(Pattern.quote(APP) + "/stages/(\\d+)").matcher(path);
        if (one.matches()) {
            int id = Integer.parseInt(one.group(1));
            return json("[" + stage(id, id == newest.get()) + "]");
        }
        if (path.matches(".*/stages/\\d+/\\d+/taskList")) {
            return json("[]");
        }
        if (path.matches(".*/stages/\\d+/\\d+/.*")) {
            return RoutingDispatcher.text(404, "unknown stage");
        }
        return IdleDriver.answer(path);
    }

    @Test
    void theSelectionStaysOnItsStageWhileStagesArriveAndAnUnreachableDriverStopsTheClock() throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        AtomicInteger newest = new AtomicInteger(20);
        driver.routes().otherwise(request -> answer(request, newest));
        try (Tmux tmux = Tmux.start(80, 24)) {
            Path run = Tmux.attachScript(dir, "", "--interval 1 --timeout 20 " + driver.url("/"));
            tmux.awaitText(Tmux.PROMPT.strip(), WAIT);
            tmux.runAttach(run);
            tmux.awaitAll(STARTUP, "RUNNING │ Spark 4.0.1", "2 Stages");

            tmux.keys("2", "j", "j", "j", "Enter");
            String opened = tmux.await("a stage opened", WAIT, s -> OPENED.matcher(s).find());
            int stage = number(OPENED, opened);
            assertFooter(opened);
            tmux.keys("b");
            // new stages arrive above it, one with every poll
            tmux.await("three stages more than the one chosen", WAIT, s -> topStage(s) >= stage + 6);
            String later = tmux.screen();
            assertFooter(later);
            tmux.keys("Enter");
            String again = tmux.await("a stage opened again", WAIT, s -> OPENED.matcher(s).find());
            assertThat(number(OPENED, again)).as("the same stage as before the new ones came").isEqualTo(stage);
            tmux.keys("b");

            driver.fault(RoutingDispatcher.pathStartingWith("/api/v1/"),
                    ok -> ok.newBuilder().onResponseBody(new SocketEffect.CloseSocket()).build());
            String down = tmux.awaitAll(WAIT, "UNREACHABLE │ Spark 4.0.1", "driver unreachable since");
            // the driver's last answer was stamped 13:31:00, two minutes after the application started
            assertThat(down.lines().findFirst().orElseThrow()).contains("UNREACHABLE │ Spark 4.0.1 │ up 2m");
            String upAtFirst = uptime(down);
            assertThat(down.lines().toList().get(1)).startsWith("last known: executors");
            assertFooter(down);
            tmux.await("a later repaint (the failure's age moved on)", WAIT,
                    s -> !s.lines().toList().get(2).equals(down.lines().toList().get(2)) && s.contains("UNREACHABLE"));
            assertThat(uptime(tmux.screen())).as("the uptime stopped at the last answer").isEqualTo(upAtFirst);

            tmux.keys("q");
            tmux.awaitText("EXIT=0", WAIT);
        } catch (AssertionError e) {
            Path log = dir.resolve(".cache/sparkdoc/attach.log");
            throw new AssertionError(e.getMessage() + "\nattach.log:\n" + (Files.exists(log) ? Files.readString(log) : "(none)"), e);
        }
    }

    @Test
    void underTmuxsDefaultSetClipboardTheCopyLandsInTmuxsBufferAndTheBoxSaysSo() throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        try (Tmux tmux = Tmux.start(80, 24)) {
            Path run = Tmux.attachScript(dir, "", TuiFixtures.SKEWED_JOIN.toAbsolutePath().toString());
            tmux.awaitText(Tmux.PROMPT.strip(), WAIT);
            tmux.runAttach(run);
            tmux.awaitAll(STARTUP, "COMPLETED │ Spark 4.0.1", "1 Findings");

            // the join finding: the skew's one hot key has no setting to copy
            tmux.keys("j", "c");
            String box = tmux.awaitAll(WAIT, "In tmux's paste buffer (prefix ] pastes)", "--conf spark.sql.autoBroadcastJoinThreshold=10m");
            assertThat(box).doesNotContain("Copied");
            assertThat(tmux.buffer()).isEqualTo("--conf spark.sql.autoBroadcastJoinThreshold=10m");
            tmux.keys("Escape", "q");
            tmux.awaitText("EXIT=0", WAIT);
        }
    }

    private static void assertFooter(String screen) {
        List<String> rows = screen.lines().toList();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(24);
        assertThat(rows.get(23)).contains("q quit", "? help");
        assertThat(rows).allMatch(r -> r.length() <= 80);
    }

    private static int number(Pattern p, String screen) {
        Matcher m = p.matcher(screen);
        assertThat(m.find()).isTrue();
        return Integer.parseInt(m.group(1));
    }

    /** The first stage row's id: the newest stage. */
    private static int topStage(String screen) {
        List<String> rows = screen.lines().toList();
        Matcher m = rows.size() > 5 ? Pattern.compile("^\\s*(\\d+) (done|run)").matcher(rows.get(5)) : null;
        return m != null && m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static String uptime(String screen) {
        Matcher m = Pattern.compile("│ up (\\S+) │").matcher(screen.lines().findFirst().orElse(""));
        assertThat(m.find()).as("an uptime in the header: " + screen.lines().findFirst().orElse("")).isTrue();
        return m.group(1);
    }
}
