package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.ForkedProcess;
import dev.sparkdoc.testing.RealSpark;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scripts/demo --duration} without a terminal: a real Spark run, then the triage report. */
@ForkedProcess
@RealSpark
class DemoScriptTest {

    @TempDir
    Path dir;

    @Test
    void shortModeRunsTheDemoApplicationAndPrintsTheTriageReport() throws Exception {
        Run run = runDemoRetryingOnce("report");
        assertThat(run.exit()).as("exit code; stderr:\n" + run.stderr()).isZero();
        assertThat(run.stderr()).contains("demo: ready at http://127.0.0.1:", "not a terminal: printing the triage report");
        assertThat(run.stdout()).contains("sparkdoc demo", "Data skew in stage");
        assertThat(Path.of("target/demo/demo-app.log")).content().contains("sparkdoc-demo: round 1 done");
    }

    /**
     * The demo's first minute (issue 33): its first job, the skewed join of round 1, is past the skew
     * rule's gates on its own, so the view's first warning comes with it; and the app writes an event
     * log, so "the event log is off" does not head the list. No clock: the script waits for round 1.
     */
    @Test
    void theFirstWarningComesFromTheDemosFirstJob() throws Exception {
        Run run = runDemoRetryingOnce("first");
        assertThat(run.exit()).as("exit code; stderr:\n" + run.stderr()).isZero();
        String report = run.stdout();
        int first = report.indexOf("\n1. ");
        int second = report.indexOf("\n2. ", first + 1);
        assertThat(first).as("a ranked finding in:\n" + report).isNotNegative();
        String top = report.substring(first, second < 0 ? report.length() : second);
        assertThat(top).as("the top finding").contains("WARNING Data skew in stage", "\"skewed join (round 1)\"");
        assertThat(report).doesNotContain("event log is off");
        String appId = report.substring(report.indexOf("(local-") + 1, report.indexOf(')', report.indexOf("(local-")));
        try (var files = Files.list(Path.of("target/demo/event-log"))) {
            assertThat(files.map(f -> f.getFileName().toString())).anyMatch(name -> name.contains(appId));
        }
    }

    private record Run(int exit, String stdout, String stderr) {
    }

    private Run runDemoRetryingOnce(String name) throws Exception {
        Run run = runDemo(name + "1");
        if (run.exit() == 3 && run.stderr().contains("did not start")) {
            // An empty app log: the script once read the last run's log before emptying it (fixed); say so, try once more.
            System.err.println("DemoScriptTest: the demo app did not start; retrying once. stderr was:\n" + run.stderr());
            run = runDemo(name + "2");
        }
        return run;
    }

    private Run runDemo(String attempt) throws Exception {
        File out = dir.resolve("out" + attempt + ".txt").toFile();
        File err = dir.resolve("err" + attempt + ".txt").toFile();
        ProcessBuilder pb = new ProcessBuilder("scripts/demo", "--duration", "5").redirectOutput(out).redirectError(err);
        pb.environment().put("SPARKDOC_DEMO_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        try {
            // a guard against a hang: a real Spark start, its run and a triage on a loaded single core
            assertThat(p.waitFor(600, TimeUnit.SECONDS)).as("demo finished").isTrue();
        } finally {
            p.destroyForcibly();
        }
        return new Run(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }
}
