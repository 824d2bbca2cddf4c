package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event log without ApplicationEnd (examples/cut-off-log, a real Spark 4 run cut mid-job) is a
 * crash only on evidence: a JVM death in the driver log, or a log nobody wrote for half an hour.
 */
class CrashPostMortemCliTest {

    /** When the copied log was last written, and the read clocks below: quiet = read time − this. */
    private static final Instant WRITTEN = Instant.parse("2026-11-29T16:00:00Z");

    @TempDir
    Path tmp;

    private static java.time.Clock quietFor(Duration quiet) {
        return java.time.Clock.fixed(WRITTEN.plus(quiet), java.time.ZoneOffset.UTC);
    }

    private Path cutOffLog() throws Exception {
        Path copy = Files.createTempDirectory(tmp, "copy").resolve("eventlog_v2_local-1795967351871");
        Files.createDirectories(copy);
        Instant written = WRITTEN;
        try (Stream<Path> files = Files.list(Path.of("examples/cut-off-log/eventlog_v2_local-1795967351871"))) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(f.getFileName());
                Files.copy(f, to);
                Files.setLastModifiedTime(to, FileTime.from(written));
            }
        }
        return copy;
    }

    static Path driverLog() throws URISyntaxException {
        return Path.of(CrashPostMortemCliTest.class.getResource("/driverlogs/exit-on-oom-driver.log").toURI());
    }

    @Test
    void aLogQuietForAnHourIsACrashAtWarningOrAboveAndFailsTriage() throws Exception {
        CliRun run = CliRun.at(quietFor(Duration.ofHours(1)), "triage", cutOffLog().toString(), "--fail-on", "warning");

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCode.FINDINGS);
        String folded = run.out().replaceAll("\\s+", " ");
        assertThat(folded).containsPattern("1\\. (WARNING|CRITICAL) The driver died while running job");
        assertThat(folded).doesNotContain("still running, or the driver died moments ago")
                .contains("app.log.quiet = 1 h 00 min").contains("Spark 4.0.1 · crashed · ");
    }

    @Test
    void theJsonReportSaysWhetherAnIncompleteLogsDriverCrashed() throws Exception {
        for (Duration quiet : List.of(Duration.ofHours(1), Duration.ofMinutes(1))) {
            CliRun run = CliRun.at(quietFor(quiet), "triage", "--json", cutOffLog().toString());
            JsonNode app = Json.mapper().readTree(run.out()).get("application");

            assertThat(app.get("state").asText()).as(quiet.toString()).isEqualTo("incomplete");
            assertThat(app.get("crashed").asBoolean()).as(quiet.toString()).isEqualTo(quiet.toHours() >= 1);
        }
        // a fresh log whose driver log shows the JVM's death: crashed, as the findings say
        CliRun withLog = CliRun.at(quietFor(Duration.ofMinutes(1)), "triage", "--json", cutOffLog().toString(),
                "--driver-log", driverLog().toString());
        assertThat(Json.mapper().readTree(withLog.out()).get("application").get("crashed").asBoolean()).isTrue();
        CliRun done = CliRun.of("triage", "--json", "examples/healthy-join/eventlog_v2_local-1795967347590");
        assertThat(Json.mapper().readTree(done.out()).get("application").has("crashed")).as("only for incomplete logs").isFalse();
    }

    /** The cut-off log as a copy that lost its ".inprogress": the name Spark gives a log once the app stopped. */
    private Path cutOffLogWithItsFinishedName() throws Exception {
        Path log = cutOffLog();
        try (Stream<Path> files = Files.list(log)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".inprogress")).toList()) {
                String name = f.getFileName().toString();
                Files.move(f, f.resolveSibling(name.substring(0, name.length() - ".inprogress".length())));
            }
        }
        return log;
    }

    @Test
    void aLogWithItsFinishedNameButNoEndWasCutAfterTheFactNotLeftByADeadDriver() throws Exception {
        CliRun run = CliRun.at(quietFor(Duration.ofHours(5)), "triage", "--all", cutOffLogWithItsFinishedName().toString());

        String folded = run.out().replaceAll("\\s+", " ");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(folded).doesNotContain("The driver died while running")
                .contains("INFO The event log ends early, it has the name Spark gives a finished log")
                .contains("cut or copied incomplete after the application stopped");
        JsonNode app = Json.mapper().readTree(CliRun.at(quietFor(Duration.ofHours(5)), "triage", "--json",
                cutOffLogWithItsFinishedName().toString()).out()).get("application");
        assertThat(app.get("state").asText()).isEqualTo("incomplete");
        assertThat(app.get("crashed").asBoolean()).isFalse();
    }

    @Test
    void aLogWrittenAMinuteAgoIsUndecidedAndHiddenAsInfo() throws Exception {
        CliRun run = CliRun.at(quietFor(Duration.ofMinutes(1)), "triage", cutOffLog().toString(), "--all");

        String folded = run.out().replaceAll("\\s+", " ");
        assertThat(folded).contains("INFO The event log ends early").contains("still running, or the driver died moments ago");
        assertThat(folded).doesNotContain("The driver died while running");
        assertThat(folded).contains("app.log.quiet = 1 min");
    }

    @Test
    void theDriverLogsOutOfMemoryExitMakesAFreshCutOffLogACriticalCrash() throws Exception {
        CliRun run = CliRun.at(quietFor(Duration.ofMinutes(1)), "triage", cutOffLog().toString(), "--driver-log", driverLog().toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.FINDINGS);
        String findings = run.out().substring(run.out().indexOf("1. "));
        assertThat(findings).containsPattern("^1\\. CRITICAL The (driver died while running|driver log shows a JVM death)");
        assertThat(run.out()).contains("OutOfMemoryError: Java heap space without a stack trace")
                .contains("25/12/02 05:12:22");
    }

    @Test
    void anUnreadableDriverLogIsOneLineAndExitThree() {
        CliRun run = CliRun.of("triage", "examples/cut-off-log/eventlog_v2_local-1795967351871",
                "--driver-log", tmp.resolve("no-such-driver.log").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).contains("no-such-driver.log");
    }

    @Test
    void explainFindsTheExitOnOutOfMemoryErrorLine() throws Exception {
        CliRun run = CliRun.of("explain", driverLog().toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(run.out()).contains("exited at once, without a stack trace");
    }
}
