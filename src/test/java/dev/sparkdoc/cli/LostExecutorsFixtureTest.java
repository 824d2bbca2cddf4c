package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A real YARN application (NVIDIA spark-rapids-tools' tasks_executors_fail fixture, origin in SOURCES.md beside
 * the file): stage 238.0 failed on FetchFailedException after executors 1 and 2 were removed
 * "Executor Process Lost". Its first finding must say so, not "AQE off".
 */
class LostExecutorsFixtureTest {

    static Path fixture() throws URISyntaxException {
        return Path.of(LostExecutorsFixtureTest.class.getResource(
                "/public-eventlogs/NVIDIA-spark-rapids-tools/spark-events-profiling/tasks_executors_fail_compressed_eventlog.zstd").toURI());
    }

    @Test
    void topFindingNamesTheFetchFailureAndTheLostExecutors() throws Exception {
        CliRun run = CliRun.of("triage", fixture().toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.FINDINGS);
        // the report wraps titles: compare with the whitespace folded
        String folded = run.out().replaceAll("\\s+", " ");
        assertThat(folded.substring(folded.indexOf("1. "))).startsWith("1. CRITICAL Shuffle output lost: 2 fetch failure(s)"
                + " in stage 238.0 'show at <console>:33'; executors lost: 1, 2 (Executor Process Lost)");
        // "Executor Process Lost" names no cause: the finding says the cause is a guess
        assertThat(folded).contains("unknown, a guess");
    }

    @Test
    void jsonNamesTheRuleAndTheTimeSpentOnTheFailedAttempt() throws Exception {
        CliRun run = CliRun.of("triage", fixture().toString(), "--json");

        String fromFirstRule = run.out().substring(run.out().indexOf("\"rule\""));
        assertThat(fromFirstRule.substring(0, 60)).contains("executor-memory.shuffle-lost");
    }
}
