package dev.sparkdoc.proc;

import static dev.sparkdoc.testing.HostileLogs.hasControl;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.testing.HostileLogs;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A real process whose command line holds escape sequences and wide characters: ps stays clean. */
class HostileArgumentsPsTest {

    private final Children children = new Children();

    @AfterEach
    void killEverything() {
        children.close();
    }

    @Test
    void escapeSequencesOnACommandLineNeverReachTheTerminal() {
        long pid = children.bash("read line", Map.of(), "java", "-cp", "/opt/spark/jars/*", "org.apache.spark.deploy.SparkSubmit",
                "--conf", "spark.app.name=" + HostileLogs.ESCAPES + HostileLogs.WIDE, "--name", HostileLogs.WIDE.repeat(10), "job.py").pid();
        CliRun text = CliRun.of("ps", "--all", "--no-color");
        CliRun json = CliRun.of("ps", "--all", "--json");

        assertThat(text.out()).contains(Long.toString(pid));
        assertThat(hasControl(text.out() + text.err())).as(text.out()).isFalse();
        assertThat(text.out().lines().filter(l -> l.contains(Long.toString(pid))))
                .allSatisfy(l -> assertThat(SafeText.width(l)).as(l).isLessThanOrEqualTo(80));
        assertThat(hasControl(json.out())).isFalse();
    }
}
