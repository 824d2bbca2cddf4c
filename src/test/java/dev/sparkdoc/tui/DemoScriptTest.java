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
        Run run = runDemo("1");
        if (run.exit() == 3 && run.stderr().contains("did not start")) {
            // Seen once in a full build (an empty app log, cause unknown): say so, and try once more.
            System.err.println("DemoScriptTest: the demo app did not start; retrying once. stderr was:\n" + run.stderr());
            run = runDemo("2");
        }
        assertThat(run.exit()).as("exit code; stderr:\n" + run.stderr()).isZero();
        assertThat(run.stderr()).contains("demo: ready at http://127.0.0.1:", "not a terminal: printing the triage report");
        assertThat(run.stdout()).contains("sparkdoc demo", "Data skew in stage");
        assertThat(Path.of("target/demo/demo-app.log")).content().contains("sparkdoc-demo: round 1 done");
    }

    private record Run(int exit, String stdout, String stderr) {
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
