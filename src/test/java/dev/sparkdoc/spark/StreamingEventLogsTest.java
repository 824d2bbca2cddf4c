package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.StreamingQuery;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real Spark 4.0.1 logs of Structured Streaming queries (test resources' spark/eventlogs/streaming-*,
 * written by spark/streaming/StreamApps.java): one that falls behind its rate source, one that keeps
 * up, one that dies on a bad record, one that counts every key with no watermark. All but the dying
 * one were stopped cleanly, cutting a micro-batch short.
 */
class StreamingEventLogsTest {

    private static final Path LOGS = Path.of("src/test/resources/spark/eventlogs");

    private static Diagnosis triage(String log) {
        return Diagnosis.of(new EventLogSource(LOGS.resolve(log)).read(), RuleCatalog.builtIn());
    }

    @Test
    void aQuerySlowerThanItsInputFallsBehindAndItsStopIsNoFailure() {
        Diagnosis d = triage("streaming-behind/eventlog_v2_local-1796520888549");
        List<Finding> serious = d.atLeast(Severity.WARNING);

        assertThat(serious).extracting(Finding::rule).containsExactly("streaming.falling-behind");
        assertThat(serious.get(0).title()).startsWith("Streaming query \"behind\" falls behind: 25 rows/s processed, 40 rows/s arriving");
        assertThat(d.findings()).extracting(Finding::title).noneMatch(t -> t.contains("InterruptedException"));
    }

    @Test
    void aQueryThatKeepsUpHasNothingAtWarning() {
        Diagnosis d = triage("streaming-healthy/eventlog_v2_local-1796520330176");

        assertThat(d.atLeast(Severity.WARNING)).isEmpty();
        assertThat(d.findings()).extracting(Finding::title).noneMatch(t -> t.contains("InterruptedException"));
    }

    @Test
    void aQueryThatDiesOnABadRecordIsNamedByItsException() {
        Diagnosis d = triage("streaming-failing/eventlog_v2_local-1796520424096");

        assertThat(d.findings()).filteredOn(f -> f.rule().equals("streaming.query-failed")).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
                    assertThat(f.title()).isEqualTo("Streaming query \"parser\" died: java.lang.IllegalArgumentException: bad record: value 25");
                });
        assertThat(d.findings()).extracting(Finding::rule).doesNotContain("errors-before.query-failed");
    }

    @Test
    void anAggregationWithoutAWatermarkKeepsEveryKeyAndCatchingUpInRowsIsNotFallingBehindButOverrunsItsTrigger() {
        Diagnosis d = triage("streaming-state/eventlog_v2_local-1796522575764");

        assertThat(d.findings()).filteredOn(f -> f.rule().equals("streaming.state-growing")).singleElement()
                .satisfies(f -> assertThat(f.title()).startsWith("Streaming query \"counts\" keeps every key in its state: 1,440 rows"));
        assertThat(d.findings()).extracting(Finding::rule).doesNotContain("streaming.falling-behind");
        // its 2 s trigger was overrun by every batch (4-6 s on the loaded machine that recorded it), back to back
        assertThat(d.atLeast(Severity.WARNING)).extracting(Finding::rule).containsExactly("streaming.overruns-trigger");
    }

    @Test
    void theEventLogGivesEachQueryRunItsBatchesAndItsEnd() {
        StreamingQuery behind = new EventLogSource(LOGS.resolve("streaming-behind/eventlog_v2_local-1796520888549")).read()
                .streamingQueries().get(0);

        assertThat(behind.name()).isEqualTo("behind");
        assertThat(behind.batches()).isEqualTo(5);
        assertThat(behind.recent()).extracting(p -> p.numInputRows()).containsExactly(0L, 120L, 320L, 600L, 960L);
        assertThat(behind.recent().get(4).durationMs()).isEqualTo(35_911);
        assertThat(behind.recent().get(4).partsMs()).containsEntry("addBatch", 35_023L);
        assertThat(behind.sources()).singleElement().asString().startsWith("RateStreamV2[rowsPerSecond=40");
        assertThat(behind.terminated()).isPresent();
        assertThat(behind.exception()).as("stopped cleanly").isEmpty();
        assertThat(behind.started()).isPresent();
    }
}
