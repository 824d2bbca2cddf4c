package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A driver started with -Xmx512m that died collecting 3M rows (corpus j413_driver_oom_collect, Spark
 * 4.1.3): its task results were lost as it fetched them. The failure is the driver's memory, not a bad
 * record, and more driver memory is a real change although spark.driver.memory's default is 1g.
 */
class DriverResultsLostTest {

    @Test
    void lostResultsNameTheDriversHeapAndProposeMoreOfIt() throws IOException {
        AppSnapshot app;
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/corpus/j413_driver_oom_collect"))) {
            app = new EventLogSource(files.findFirst().orElseThrow()).read();
        }
        Diagnosis d = Diagnosis.of(app, RuleCatalog.builtIn());

        Finding top = d.findings().get(0);
        assertThat(top.rule()).isEqualTo("driver-memory.results-lost");
        assertThat(top.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(top.title()).contains("512.0 MiB heap");
        assertThat(top.remedies()).anySatisfy(r -> assertThat(r.conf()).containsEntry("spark.driver.memory", "1g"));
        assertThat(d.findings()).extracting(Finding::rule).doesNotContain("errors-during.task-failures");
        assertThat(top.settings()).anySatisfy(s -> assertThat(s.display()).startsWith("spark.driver.memory = 512m (read from"));
    }
}
