package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A real RAPIDS NDS power run on Spark 3.3.1 standalone (NVIDIA spark-rapids-tools' gpu_oom_eventlog,
 * origin in SOURCES.md beside it) whose tasks failed with GpuSplitAndRetryOOM: the GPU's memory,
 * named as such, never "a bad input record".
 */
class GpuOomFixtureTest {

    @Test
    void topFindingIsTheGpuRunningOutOfMemory() throws Exception {
        Path log = Path.of(GpuOomFixtureTest.class.getResource(
                "/public-eventlogs/NVIDIA-spark-rapids-tools/spark-events-profiling/gpu_oom_eventlog.zstd").toURI());
        CliRun run = CliRun.of("triage", log.toString());

        String folded = run.out().replaceAll("\\s+", " ");
        assertThat(folded.substring(folded.indexOf("1. "))).startsWith("1. CRITICAL Tasks of stage 31 ran out of GPU memory:"
                + " com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM");
        assertThat(folded).contains("executor-memory", "spark.rapids.sql.concurrentGpuTasks")
                .doesNotContain("If one input record is bad");
    }
}
