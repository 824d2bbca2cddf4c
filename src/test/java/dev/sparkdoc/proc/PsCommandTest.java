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
}
