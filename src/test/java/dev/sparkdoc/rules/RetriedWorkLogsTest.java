package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.eventlog.EventLogSource;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Task attempts that failed and ran again in real event logs (copies of the shared fixtures,
 * origin notes beside them): Spark's own standalone test app whose executor 0 failed ten
 * attempts of stage 0 ("bad exec", half a second each) before others finished it, and a RAPIDS
 * standalone run whose stage 35 completed after 59 GPU out-of-memory failures of about 9 s each.
 * Each is one finding of its reason, priced by the attempts' own durations, and a stage that
 * completed is no warning of its own.
 */
class RetriedWorkLogsTest {

    private static final List<Rule> RULES = RuleCatalog.builtIn();
    private static final String RETRIED = "errors-during.retried-work";

    @Test
    void halfSecondFailuresOfAStageThatCompletedAreInfo() throws URISyntaxException {
        // 10 attempts, 5,533 ms from launch to failure in all (read from the log's TaskEnd events)
        Diagnosis d = diagnose("/spark-upstream/spark-events/app-20161115172038-0000");

        Finding f = one(d);
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).isEqualTo("10 task attempt(s) failed and ran again, wasting 5.5 s of slot time: "
                + "java.lang.RuntimeException: bad exec");
        assertThat(value(f, "app.retries.taskTime")).isBetween(5_500.0, 5_600.0);
        assertThat(d.findings()).noneMatch(x -> x.rule().equals("errors-during.task-failures"));
    }

    @Test
    void gpuOutOfMemoryRetriesOfAStageThatCompletedAreAWarningOfMinutes() throws URISyntaxException {
        Diagnosis d = diagnose("/public-eventlogs/NVIDIA-spark-rapids-tools/spark-events-profiling/gpu_oom_eventlog.zstd");

        Finding f = one(d);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.title()).startsWith("59 task attempt(s) failed and ran again").contains("GpuSplitAndRetryOOM");
        assertThat(value(f, "app.retries.taskTime") / 1000).isBetween(480.0, 600.0);
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.display()).isEqualTo("stage 35.0"));
        // the failed stages 31 and 34 stay the GPU memory rule's
        assertThat(d.findings()).anySatisfy(x -> assertThat(x.rule()).isEqualTo("executor-memory.gpu-oom"));
    }

    private static Diagnosis diagnose(String resource) throws URISyntaxException {
        Path log = Path.of(RetriedWorkLogsTest.class.getResource(resource).toURI());
        return Diagnosis.of(new EventLogSource(log).read(), RULES);
    }

    private static Finding one(Diagnosis d) {
        List<Finding> mine = d.findings().stream().filter(f -> f.rule().equals(RETRIED)).toList();
        assertThat(mine).as("findings %s", d.findings()).hasSize(1);
        return mine.get(0);
    }

    private static double value(Finding f, String fact) {
        return f.evidence().stream().filter(e -> e.fact().equals(fact)).findFirst().orElseThrow().value();
    }
}
