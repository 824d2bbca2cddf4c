package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.spark.BackgroundJob;
import dev.sparkdoc.spark.LocalSpark;
import dev.sparkdoc.spark.SparkWorkloads;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.testing.RealTerminal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real thing: {@code sparkdoc attach} in its own JVM inside an 80×24 tmux pane, against a
 * real local Spark application with a skewed join.
 */
@RealTerminal
@RealSpark
class TmuxAttachTest {

    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration KEY = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void showsTheSkewLiveDrillsInQuitsCleanlyAndKeepsThePictureWhenTheDriverDies() throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        LocalSpark spark = LocalSpark.builder().appName("tmux-skew").start();
        try (Tmux tmux = Tmux.start(80, 24)) {
            // the driver runs the skewed join in this busy test JVM: give its answers the time a slow machine needs
            Path run = Tmux.attachScript(dir, "", "--interval 1 --timeout 30 " + spark.uiUrl());
            tmux.awaitText(Tmux.PROMPT.strip(), KEY);
            BackgroundJob job = BackgroundJob.start(spark.session(), "skewed join", s -> SparkWorkloads.skewedJoin(s, 40));
            tmux.runAttach(run);

            String live = tmux.awaitAll(STARTUP, "Data skew in stage", "1 Findings", "2 Stages", "3 Executors", "4 Processes");
            assertThat(live.lines().findFirst().orElseThrow()).startsWith(" sparkdoc │ RUNNING │ Spark 4.0.1");
            assertThat(live.lines()).allMatch(l -> l.length() <= 80);
            job.await(Duration.ofSeconds(60));

            // the skew and the small-side join cost about as much: which ranks first depends on the machine's pace
            tmux.keys("/");
            tmux.line("data skew");   // Enter keeps the filter
            tmux.await("the skew finding alone", KEY, p -> p.contains("1 Findings 1 │") && p.contains("filter: data skew"));
            tmux.keys("Enter");
            // a capture can land in the middle of a repaint: wait for the whole detail, not its first line
            tmux.awaitAll(KEY, "Evidence", "stage.duration.maxOverP50", "AQE's skew join would not split");
            tmux.keys("b", "2", "Enter");
            tmux.awaitAll(KEY, "Task quantiles over", "MEDIAN", "duration");
            tmux.keys("q");
            tmux.awaitText("EXIT=0", KEY);
            // the terminal is back in line mode with echo and signals: a usable shell
            tmux.line("echo \"STTY:$(stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e isig -e -icanon -e -echo -e -isig | sort | tr '\\n' ' ')\"");
            tmux.await("stty: echo icanon isig", KEY, s -> s.lines().anyMatch(l -> l.strip().equals("STTY:echo icanon isig")));

            tmux.runAttach(run);
            tmux.awaitText("Data skew in stage", STARTUP);
            spark.close();
            tmux.awaitAll(Duration.ofSeconds(30), "driver unreachable since", "Data skew in stage", "last picture from", "1 Findings");
            tmux.keys("C-c");   // Ctrl-C quits the same way as q and gives the terminal back
            tmux.awaitText("EXIT=0", KEY);
        } catch (AssertionError e) {
            Path log = dir.resolve(".cache/sparkdoc/attach.log");
            throw new AssertionError(e.getMessage() + "\nattach.log:\n" + (Files.exists(log) ? Files.readString(log) : "(none)"), e);
        } finally {
            spark.close();
        }
    }
}
