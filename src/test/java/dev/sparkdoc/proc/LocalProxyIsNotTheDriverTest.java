package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * {@code sparkdoc attach localhost:4041} through a tunnel: a real {@code python3 px.py 4393 4041}
 * listens on the attached port and forwards to the driver's UI. The process behind the port is
 * the proxy, and the driver is the JVM that runs Spark, known by its command line.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "reads /proc/net/tcp for the listening port")
class LocalProxyIsNotTheDriverTest {

    private static final Path PROXY = Path.of("src/test/resources/proc/proxy/px.py").toAbsolutePath();

    private final Children children = new Children();

    @AfterEach
    void killEverything() {
        children.close();
    }

    @Test
    void aProxyListeningOnTheAttachedPortIsNeverTheDriver() throws Exception {
        int uiPort = freePort();
        // the driver: its command line runs SparkSubmit; a Python HTTP server in it stands in for the UI
        Process driver = children.bash("python3 -u -m http.server --bind 127.0.0.1 " + uiPort + " & wait", Map.of(),
                "java", "-cp", "/opt/spark/jars/*", "-Xmx1g", "org.apache.spark.deploy.SparkSubmit",
                "--master", "local[2]", "--class", "com.acme.Etl", "etl.jar");
        Process proxy = children.bash("exec python3 " + PROXY + " " + uiPort + " 0", Map.of());
        int attachedPort = Integer.parseInt(Children.readLines(proxy, 1, Duration.ofSeconds(30)).get(0).split(" ")[1]);
        DriverHints hints = DriverFinder.hints(Optional.of("localhost"), attachedPort, Optional.of("local-1795967361954"));
        assertThat(hints.pidByListeningPort()).containsEntry(attachedPort, proxy.pid());

        for (boolean related : List.of(false, true)) {
            ProcessSampler sampler = ProcessSampler.forThisMachine();
            ProcessTable table = SparkProcesses.classify(sampler.sample(), sampler.sample(), hints, related);

            assertThat(table.withRole(SparkRole.DRIVER)).extracting(SparkProcess::pid)
                    .contains(driver.pid()).doesNotContain(proxy.pid());
            assertThat(table.find(proxy.pid()).map(SparkProcess::role)).isEqualTo(related ? Optional.of(SparkRole.RELATED) : Optional.empty());
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
