package dev.sparkdoc.proc;

import dev.sparkdoc.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PsCommandTest {

    @Test
    void watchWithoutATerminalPrintsOneBlockPerRefreshAndNoEscapes() {
        CliRun run = CliRun.of("ps", "--watch", "0.2", "--iterations", "3");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().split("sparkdoc ps ·", -1)).hasSize(4);
        assertThat(run.out()).doesNotContain("\033[");
    }

    @Test
    void badWatchIntervalIsAUsageError() {
        CliRun run = CliRun.of("ps", "--watch", "0");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--watch");
        assertThat(CliRun.of("ps", "--bogus").exitCode()).isEqualTo(2);
    }

    @Test
    void anEventLogTargetAddsSparksProcessTreeMemoryPerExecutor() {
        CliRun run = CliRun.of("ps", "src/test/resources/spark-upstream/spark-events/application_1553914137147_0018");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Spark's view of application_1553914137147_0018", "JVM RSS", "PY RSS")
                .doesNotContain("processTreeMetrics.enabled");
    }

    @Test
    void anAppWithoutProcessTreeMetricsSaysHowToSwitchThemOn() {
        CliRun run = CliRun.of("ps", "--json", "src/test/resources/spark/eventlogs/join-plain/local-1795967342242");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("\"processTreeMetricsEnabled\" : false", "spark.executor.processTreeMetrics.enabled=true");
    }

    @Test
    void anUnreadableTargetEndsWithOneLineAndExitThree() {
        CliRun run = CliRun.of("ps", "/nonexistent/eventlog");
        assertThat(run.exitCode()).isIn(2, 3);
        assertThat(run.err().strip().lines()).hasSize(1);
    }

    @Test
    void helpIsPrintedWithoutAPicocliFormatWarning() {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream caught = new java.io.ByteArrayOutputStream();
        CliRun run;
        try {
            System.setErr(new java.io.PrintStream(caught, true, java.nio.charset.StandardCharsets.UTF_8));
            run = CliRun.of("ps", "--help");
        } finally {
            System.setErr(err);
        }
        assertThat(run.exitCode()).isZero();
        // help wraps descriptions to 80 columns: compare the words, not the line breaks
        assertThat(run.out().replaceAll("\\s+", " ")).contains("with CPU %, RSS, threads and age");
        assertThat(caught.toString(java.nio.charset.StandardCharsets.UTF_8) + run.err() + run.out()).doesNotContain("WARN");
    }

    @Test
    void sparksMemoryThatWasNotMeasuredIsADashNotZero() {
        CliRun run = CliRun.of("ps", "src/test/resources/spark/eventlogs/join-plain/local-1795967342242");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String driver = run.out().lines().filter(l -> l.startsWith("driver ")).findFirst().orElseThrow();
        assertThat(driver).doesNotContain("0B").contains("–");
    }
}
