package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The real PySpark 3.5.1 logs {@link PySparkScenarioTest}'s scripts wrote (test resources'
 * spark/eventlogs/pyspark35-*): the same diagnosis on a clone without ../shared/pyspark-3.5.1.
 */
class PySparkEventLogsTest {

    private static final Path LOGS = Path.of("src/test/resources/spark/eventlogs");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "pyspark35-udf-error/local-1796221939562 | python.exception | Python error in stage 2: ValueError in parse_amount at udf_error.py:12",
            "pyspark35-worker-memory/local-1796221967367 | python.worker-memory-limit | Python workers of stage 0 hit their memory limit: MemoryError in hold_batch at python_memory.py:13",
            "pyspark35-skewed-join/local-1796223064163 | skew.stage-task-time | Data skew in stage 4: the slowest task took 10.3 s against a 756 ms median, with 1.1 KiB of shuffle read against the median's 165 B",
            "pyspark35-worker-crash/local-1796221996857 | python.worker-crashed | Python workers of stage 0 died without a traceback (Python worker exited unexpectedly)"})
    void theTopFindingNamesWhatHappenedInThePythonWorker(String log, String rule, String title) {
        Diagnosis d = Diagnosis.of(new EventLogSource(LOGS.resolve(log)).read(), RuleCatalog.builtIn());
        List<Finding> serious = d.atLeast(Severity.WARNING);

        assertThat(d.snapshot().application().sparkVersion()).contains("3.5.1");
        assertThat(serious).extracting(Finding::rule).first().isEqualTo(rule);
        assertThat(serious.get(0).title()).isEqualTo(title);
        if (!rule.startsWith("skew")) {
            assertThat(serious.get(0).severity()).isEqualTo(Severity.CRITICAL);
            assertThat(serious).as("one failure, one finding").hasSize(1);
        }
    }

    @org.junit.jupiter.api.Test
    void theMemoryLimitFixRaisesTheBudgetTheAppRanWith() {
        CliRun r = CliRun.of("triage", LOGS.resolve("pyspark35-worker-memory/local-1796221967367").toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).contains("config.executor.pysparkMemory = 300.0 MiB", "--conf spark.executor.pyspark.memory=1g")
                .doesNotContain("spark.executor.pyspark.memory=300m");
    }
}
