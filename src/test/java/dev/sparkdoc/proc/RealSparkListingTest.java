package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The process listing of a real Spark 4.0.1 local-cluster run (src/test/resources/proc/README.md). */
class RealSparkListingTest {

    private static final Path DIR = Path.of("src/test/resources/proc/local-cluster");
    private static final String APP = "app-20261129160823-0000";

    @Test
    void realExecutorCommandLineGivesRoleAndEveryArgument() throws IOException {
        List<String> argv = ProcFs.parseCmdline(Files.readAllBytes(DIR.resolve("executor-cmdline")));
        assertThat(RoleClassifier.classify(argv)).contains(SparkRole.EXECUTOR);
        ExecutorArgs args = ExecutorArgs.parse(argv);
        assertThat(args.executorId()).contains("0");
        assertThat(args.appId()).contains(APP);
        assertThat(args.hostname()).contains("127.0.0.1");
        assertThat(args.cores()).hasValue(1);
        assertThat(args.driverPort()).hasValue(39119);
    }

    @Test
    void realPlainJavaDriverWithSparkCoreOnTheClasspathIsADriver() throws IOException {
        List<String> argv = ProcFs.parseCmdline(Files.readAllBytes(DIR.resolve("driver-cmdline")));
        assertThat(RoleClassifier.classify(argv)).contains(SparkRole.DRIVER);
        assertThat(CommandSummary.of(new ProcessInfo(1, 0, "u", "S", java.util.Optional.empty(), 1, 0, 0, argv)))
                .isEqualTo("LocalCluster");
    }

    @Test
    void theDriverLearnsItsAppFromTheExecutorWhoseDriverUrlPortItListensOn() throws IOException {
        List<ProcessInfo> listing = PsSampler.parse(Files.readString(DIR.resolve("ps.txt")), true, ZoneOffset.UTC);
        ProcessSample s = new ProcessSample(java.time.Instant.EPOCH, 0, listing);
        ProcessTable t = SparkProcesses.classify(s, s, new DriverHints(Map.of(), Map.of(39119, 15412L)), false);
        SparkProcess driver = t.find(15412).orElseThrow();
        SparkProcess executor = t.find(15654).orElseThrow();
        assertThat(driver.role()).isEqualTo(SparkRole.DRIVER);
        assertThat(driver.appId()).contains(APP);
        assertThat(executor.role()).isEqualTo(SparkRole.EXECUTOR);
        assertThat(executor.appId()).contains(APP);
        assertThat(executor.executorId()).contains("0");
        ProcessGroups g = ProcessGroups.of(t);
        assertThat(g.applications()).singleElement().satisfies(a ->
                assertThat(a.jvms()).extracting(j -> j.jvm().pid()).containsExactly(15412L, 15654L));
    }
}
