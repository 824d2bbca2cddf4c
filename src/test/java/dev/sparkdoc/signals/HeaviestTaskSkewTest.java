package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A skewed task that is not the slowest (corpus j401_skew_join, Spark 4.0.1): in the join's reduce
 * stage the two first-wave tasks took 10.7 s with the median's 1.8 MiB, while the task holding the
 * hot customer read 12.6 MiB and took 5.8 s against a 2.7 s median. The stage's data is skewed;
 * calling its tail "stragglers with the same data" was wrong.
 */
class HeaviestTaskSkewTest {

    @Test
    void theHeavyTaskMakesTheStageSkewedThoughTheSlowestTasksHadTheMediansData() throws IOException {
        Path log;
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/corpus/j401_skew_join"))) {
            log = files.findFirst().orElseThrow();
        }
        ScopeFacts stage = Signals.compute(new EventLogSource(log).read()).of(ScopeKind.STAGE).stream()
                .filter(f -> f.scope().id().equals("4.0")).findFirst().orElseThrow();

        assertThat(stage.values().get(StageSignals.DATA_SKEWED)).isEqualTo(1.0);
        assertThat(stage.values().get(StageSignals.DATA_EVEN)).isEqualTo(0.0);
        assertThat(stage.texts().get(StageSignals.DATA_COMPARED))
                .startsWith("12.6 MiB of shuffle read against the median's 1.8 MiB").contains("a task that took 5.8 s");
    }
}
