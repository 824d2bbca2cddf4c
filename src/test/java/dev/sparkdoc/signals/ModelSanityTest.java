package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ModelSanityTest {

    private static AppSnapshot read(String log) {
        return new EventLogSource(Path.of("src/test/resources/public-eventlogs", log)).read();
    }

    @Test
    void aDriverHeapPeakAboveTheDefaultSizeIsANoteAndTheHeapSizeIsUnknown() {
        // a Databricks-like log with no spark.driver.memory: the driver's heap peaked at 17 GiB
        AppSnapshot s = read("NVIDIA-spark-rapids-tools/spark-events-qualification/db_sim_eventlog/eventlog");

        assertThat(ModelSanity.notes(s)).singleElement().asString()
                .startsWith("the driver's heap peaked above spark.driver.memory (unset: Spark's 1g default), up to 17.0 GiB");
        ScopeFacts driver = Signals.compute(s).of(ScopeKind.EXECUTOR).stream()
                .filter(f -> f.scope().id().equals("driver")).findFirst().orElseThrow();
        assertThat(driver.value(ExecutorSignals.HEAP_MAX)).isEmpty();
    }

    @Test
    void peaksWithinTheirHeapAreNoNote() {
        assertThat(ModelSanity.notes(new EventLogSource(Path.of("examples/skewed-join/eventlog_v2_local-1795967361954")).read())).isEmpty();
    }
}
