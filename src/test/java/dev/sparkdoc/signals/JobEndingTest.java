package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Jobs that Spark aborted, read whole from real Spark 4.0.1 logs: the failure is named by its cause. */
class JobEndingTest {

    private static final Path LOGS = Path.of("src/test/resources/spark/eventlogs");

    private static List<Finding> warnings(String log) {
        return Diagnosis.of(new EventLogSource(LOGS.resolve(log)).read(), RuleCatalog.builtIn()).atLeast(Severity.WARNING);
    }

    @Test
    void aJobOverMaxResultSizeIsACriticalDriverMemoryFinding() {
        List<Finding> found = warnings("aborted-result-size/eventlog_v2_local-1796519464794");
        assertThat(found).isNotEmpty();
        Finding top = found.get(0);
        assertThat(top.rule()).isEqualTo("driver-memory.result-size-exceeded");
        assertThat(top.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(top.title()).contains("Job 0").contains("spark.driver.maxResultSize");
        assertThat(top.secondsLost()).isPositive();
    }

    @Test
    void aBroadcastTimeoutIsTheQuerysFailureNotACancellation() {
        List<Finding> found = warnings("aborted-broadcast-timeout/eventlog_v2_local-1796519999109");
        assertThat(found).extracting(Finding::rule).first().isEqualTo("joins.broadcast-failed");
        assertThat(found.get(0).title()).contains("Could not execute broadcast in 3 secs");
        // one cause, one finding: neither the job's "cancelled" text nor a second query failure
        assertThat(found).extracting(Finding::rule)
                .doesNotContain("errors-during.job-cancelled", "errors-before.query-failed", "errors-during.job-aborted");
    }

    @Test
    void aJobCancelledWithNothingFailingUnderneathIsStillACancellation() {
        assertThat(JobEnding.kind("Job 3 cancelled because SparkContext was shut down")).isEqualTo(JobEnding.Kind.ABORTED);
        assertThat(JobEnding.kind("Could not execute broadcast in 300 secs.")).isEqualTo(JobEnding.Kind.BROADCAST);
        assertThat(JobEnding.kind("Total size of serialized results of 5 tasks (1252.7 KiB) is bigger than "
                + "spark.driver.maxResultSize (1024.0 KiB)")).isEqualTo(JobEnding.Kind.RESULT_SIZE);
    }
}
