package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.ProcessInfo;
import dev.sparkdoc.proc.ProcessSample;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.proc.SparkProcesses;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.testing.Snapshots;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * attach diagnoses each snapshot with the process sample taken beside it, as triage does: the
 * process rules (a driver's RSS against driver memory + overhead) fire in the live view too.
 */
class PollerProcessesTest {

    private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");
    private static final long MIB = 1L << 20;
    private static final List<String> DRIVER = List.of("java", "-cp", "/opt/spark/jars/*", "org.apache.spark.deploy.SparkSubmit", "job.py");

    @TempDir
    Path home;

    private final List<UiEvent> events = new CopyOnWriteArrayList<>();

    private List<String> rulesAfterOnePoll(long driverRssMib) {
        AppSnapshot snapshot = Snapshots.app().build();
        List<ProcessInfo> procs = List.of(new ProcessInfo(20, 1, "u", "S", Optional.of(T), 1, driverRssMib * MIB, 0, DRIVER));
        ProcessTable table = SparkProcesses.classify(new ProcessSample(T, 0, procs), new ProcessSample(T, 500_000_000L, procs),
                new DriverHints(Map.of(20L, snapshot.application().id()), Map.of()), false);
        ProcessFeed feed = s -> ProcessPaneRows.of(List.of()).withTable(table);
        try (Poller poller = new Poller(() -> snapshot, (s, t) -> Diagnosis.of(s, RuleCatalog.builtIn(), t), feed, events::add,
                new PollSchedule(Duration.ofSeconds(2)), Clock.fixed(T, ZoneOffset.UTC), new AttachLog(home.resolve("attach.log")))) {
            poller.pollOnce();
        }
        UiEvent.SnapshotArrived arrived = (UiEvent.SnapshotArrived) events.get(events.size() - 1);
        return arrived.diagnosis().findings().stream().map(Finding::rule).toList();
    }

    @Test
    void aDriverProcessNearItsLimitIsAFindingOfTheLiveView() {
        assertThat(rulesAfterOnePoll(2300)).contains("driver-memory.process-rss");
    }

    @Test
    void aDriverProcessAtHalfItsLimitIsNone() {
        assertThat(rulesAfterOnePoll(1200)).doesNotContain("driver-memory.process-rss");
    }
}
