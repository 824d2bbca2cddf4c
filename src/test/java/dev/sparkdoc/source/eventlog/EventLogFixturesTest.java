package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EventLogFixturesTest {

    static Stream<String> upstreamLogs() {
        return Stream.of("app-20161115172038-0000", "app-20161116163331-0000", "app-20180109111548-0000",
                "app-20200706201101-0003", "application_1516285256255_0012", "application_1553914137147_0018",
                "application_1555004656427_0144", "application_1578436911597_0052",
                "application_1628109047826_1317105", "local-1422981759269", "local-1422981780767",
                "local-1425081759269", "local-1426533911241", "local-1426633911242", "local-1430917381534",
                "local-1430917381535_1", "local-1430917381535_2", "local-1642039451826");
    }

    @ParameterizedTest
    @MethodSource("upstreamLogs")
    void everyUpstreamLogReadsAsACompleteApplication(String name) {
        AppSnapshot s = Fixtures.readEventLog(name);

        assertThat(s.source().kind()).isEqualTo(SourceKind.EVENTLOG);
        assertThat(s.source().complete()).as("complete").isTrue();
        assertThat(s.source().skippedLines()).isZero();
        if (name.equals("application_1555004656427_0144")) {
            // Spark's test data added a MiscellaneousProcessAdded stamped 2021 to this 2019 log
            assertThat(s.source().notes()).containsExactly("1 event time(s) ahead of the events written after them"
                    + " ignored (an edited log, or a clock that jumped): the log ends at 2019-07-02T21:02:35.974Z");
        } else {
            assertThat(s.source().notes()).isEmpty();
        }
        assertThat(s.application().completed()).isTrue();
        assertThat(s.application().endTime()).isPresent();
        assertThat(s.application().id()).startsWith(name.substring(0, 10));
        // every stage that ran has as many finished tasks as Spark counted in it
        for (Stage stage : s.stages()) {
            if (stage.status() == StageStatus.COMPLETE) {
                assertThat(stage.tasks().completed()).as("stage %s", stage.key()).isGreaterThanOrEqualTo(stage.tasks().total());
                assertThat(stage.tasks().active()).isZero();
            }
        }
    }

    @Test
    void oldLogsWithoutLogStartHaveNoSparkVersion() {
        assertThat(Fixtures.readEventLog("local-1422981780767").application().sparkVersion()).isEmpty();
        assertThat(Fixtures.readEventLog("local-1642039451826").application().sparkVersion()).contains("3.3.0-SNAPSHOT");
    }

    @Test
    void attemptIdComesFromApplicationStart() {
        AppSnapshot s = Fixtures.readEventLog("local-1426633911242");
        assertThat(s.application().id()).isEqualTo("local-1426533911241");
        assertThat(s.application().attemptId()).contains("2");
    }

    @Test
    void logWithoutApplicationEndIsIncompleteButKeepsWhatRan() {
        AppSnapshot s = Fixtures.read(Fixtures.path("spark-events-broken/last-attempt-incomplete/application_1656321732247_0006_2"));

        assertThat(s.source().complete()).isFalse();
        assertThat(s.application().completed()).isFalse();
        assertThat(s.application().endTime()).isEmpty();
        assertThat(s.source().notes()).anyMatch(n -> n.startsWith("event log ends early (no ApplicationEnd)"));
        // the attempt died before any job: its executors are all there is
        assertThat(s.jobs()).isEmpty();
        assertThat(s.executors()).extracting(e -> e.id()).contains("driver").hasSize(3);
    }

    @Test
    void completeAttemptOfTheBrokenPairIsComplete() {
        AppSnapshot s = Fixtures.read(Fixtures.path("spark-events-broken/last-attempt-incomplete/application_1656321732247_0006_1"));
        assertThat(s.source().complete()).isTrue();
        assertThat(s.application().attemptId()).contains("1");
    }

    @Test
    void structuredStreamingLogHasItsSqlExecutionsAndIgnoresStreamingEvents() {
        AppSnapshot s = Fixtures.read(Fixtures.path("sql-spark-events/local-1596020211915"));

        assertThat(s.sqlExecutions()).hasSize(24);
        assertThat(s.sqlExecutions()).allMatch(q -> q.status().equals("COMPLETED"));
        assertThat(s.sqlExecutions()).allMatch(q -> !q.nodes().isEmpty());
        assertThat(s.source().unknownEvents()).isZero();
    }

    @Test
    void sqlExecutionsCarryJobsPlanGraphAndMetricTotals() {
        AppSnapshot s = Fixtures.readEventLog("local-1642039451826");

        assertThat(s.sqlExecutions()).hasSize(2);
        var q0 = s.sqlExecutions().stream().filter(q -> q.id() == 0).findFirst().orElseThrow();
        assertThat(q0.description()).isEqualTo("count at <console>:23");
        assertThat(q0.status()).isEqualTo("COMPLETED");
        assertThat(q0.successJobIds()).isNotEmpty();
        assertThat(s.jobs()).filteredOn(j -> j.sqlExecutionId().isPresent() && j.sqlExecutionId().get() == 0)
                .extracting(j -> j.jobId()).containsExactlyInAnyOrderElementsOf(q0.successJobIds());
        // edges go from child to parent and only between known nodes
        var ids = q0.nodes().stream().map(n -> n.nodeId()).toList();
        assertThat(q0.edges()).isNotEmpty().allMatch(e -> ids.contains(e.fromId()) && ids.contains(e.toId()));
        // Range produced 100 rows (spark.range(0, 100)): the task updates sum to it
        var range = q0.nodes().stream().filter(n -> n.name().equals("Range")).findFirst().orElseThrow();
        assertThat(range.metrics()).anySatisfy(m -> {
            assertThat(m.name()).isEqualTo("number of output rows");
            assertThat(m.total()).contains(100L);
        });
    }

    @Test
    void secretsInSparkPropertiesAreRedacted() {
        AppSnapshot s = Fixtures.readEventLog("app-20161116163331-0000");
        assertThat(s.environment().javaVersion()).isPresent();
        assertThat(s.environment().sparkProperties()).isNotEmpty();
        s.environment().sparkProperties().forEach((k, v) -> {
            if (k.toLowerCase().contains("password") || k.toLowerCase().contains("secret")) {
                assertThat(v).isEqualTo(dev.sparkdoc.redact.Redaction.REDACTED);
            }
        });
    }
}
