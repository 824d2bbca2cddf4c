package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit codes and outputs of 'triage' and 'rules', the same contract for every command. */
class TriageCliTest {

    private static final String SKEWED = "examples/skewed-join/eventlog_v2_local-1795967361954";
    private static final String HEALTHY = "src/test/resources/spark/eventlogs/join-plain";

    @TempDir
    Path dir;

    @Test
    void healthyLogExitsZeroAndSaysOk() {
        CliRun run = CliRun.of("triage", HEALTHY);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("OK: nothing");
    }

    @Test
    void failOnDecidesWhenFindingsMakeExitOne() {
        assertThat(CliRun.of("triage", SKEWED).exitCode()).isZero();
        CliRun strict = CliRun.of("triage", SKEWED, "--fail-on", "warning");
        assertThat(strict.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(strict.out()).contains("Data skew in stage 4");
    }

    @Test
    void badFailOnLevelIsUsage() {
        CliRun run = CliRun.of("triage", SKEWED, "--fail-on", "loud");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).contains("--fail-on loud").hasLineCount(1);
    }

    @Test
    void unreadableLogIsExitThree() throws IOException {
        Path junk = Files.write(dir.resolve("app-20260101000000-0001"), new byte[] {0x28, (byte) 0xb5, 0x2f, 0x00, 0x01});
        CliRun run = CliRun.of("triage", junk.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).hasLineCount(1);
    }

    @Test
    void jsonReportCarriesTheContractNames() throws IOException {
        CliRun run = CliRun.of("triage", SKEWED, "--json");
        assertThat(run.exitCode()).isZero();
        JsonNode report = Json.mapper().readTree(run.out());
        assertThat(report.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(report.at("/source/kind").asText()).isEqualTo("eventlog");
        assertThat(report.at("/application/sparkVersion").asText()).isEqualTo("4.0.1");
        assertThat(report.at("/verdict/worstSeverity").asText()).isEqualTo("warning");
        JsonNode first = report.at("/findings/0");
        assertThat(first.get("family").asText()).isEqualTo("skew");
        assertThat(first.at("/scope/kind").asText()).isEqualTo("stage");
        assertThat(first.get("secondsLost").asDouble()).isGreaterThan(3);
        assertThat(first.at("/remedies/0/conf").isObject()).isTrue();
    }

    /**
     * Issue 14: a zstd part cut before SparkListenerApplicationStart showed "incomplete · 498879 h
     * 49 min", its last event's time less 1970. Its first 1,000 bytes hold four events in complete
     * frames (LogStart, ResourceProfileAdded, ExecutorAdded, BlockManagerAdded); the frame with
     * ApplicationStart is cut. Issue 16: the times start at the first event, with a note.
     */
    @Test
    void logCutBeforeItsApplicationStartStartsAtItsFirstEventNotIn1970() throws IOException {
        Path folder = Files.createDirectories(dir.resolve(Path.of(SKEWED).getFileName()));
        String part = "events_1_local-1795967361954.zstd";
        Files.write(folder.resolve(part), java.util.Arrays.copyOf(Files.readAllBytes(Path.of(SKEWED, part)), 1_000));

        CliRun text = CliRun.of("triage", folder.toString());
        CliRun json = CliRun.of("triage", folder.toString(), "--json");

        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("Spark 4.0.1 · incomplete · ").contains("4 events read")
                .contains("no application start event: times start at the first event")
                .doesNotContain(" h ");
        JsonNode report = Json.mapper().readTree(json.out());
        assertThat(report.at("/application/state").asText()).isEqualTo("incomplete");
        assertThat(java.time.Instant.parse(report.at("/application/startTime").asText()))
                .isAfter(java.time.Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(report.at("/application/durationMs").asLong()).isBetween(0L, 60_000L);
        assertThat(json.out()).doesNotContain("1970-");
        assertThat(dev.sparkdoc.testing.TriageSchema.SCHEMA.validate(report)).isEmpty();
    }

    @Test
    void plainOutputHasNoEscapeCodes() {
        CliRun run = CliRun.of("triage", SKEWED, "--all");
        assertThat(run.out()).doesNotContain("\u001b[");
    }

    @Test
    void rulesListShowAndCheck() throws IOException {
        CliRun list = CliRun.of("rules", "list");
        assertThat(list.exitCode()).isZero();
        assertThat(list.out()).contains("skew.stage-task-time").contains("config.aqe-off");

        CliRun show = CliRun.of("rules", "show", "skew.stage-task-time");
        assertThat(show.out()).contains("stage.duration.maxOverP50 >= 5").contains("why these thresholds")
                // a remedy's own condition, and its code in each language
                .contains("only when:", "stage.aqe.skewJoin.wouldSplit == false", "    scala:", "    sql:");

        assertThat(CliRun.of("rules", "show", "nope").exitCode()).isEqualTo(ExitCode.USAGE);

        Files.writeString(dir.resolve("bad.yaml"), "family: skew\nrules:\n  - id: a.b\n    scope: stage\n"
                + "    title: t\n    when: { fact: stage.nope, op: '>', value: 1 }\n    remedies: [ { text: r } ]\n");
        CliRun check = CliRun.of("rules", "check", dir.toString());
        assertThat(check.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(check.err()).contains("bad.yaml:6:").contains("unknown fact 'stage.nope'").hasLineCount(1);
    }

    @Test
    void userRulesAndDisableApplyToTriage() throws IOException {
        Files.writeString(dir.resolve("team.yaml"), """
                family: scheduling
                rules:
                  - id: team.any-stage
                    scope: stage
                    title: "stage {scope.id} ran {stage.wall}"
                    when: { fact: stage.wall, op: ">=", value: 1ms }
                    severity: critical
                    remedies: [ { text: "look at it" } ]
                """);
        CliRun run = CliRun.of("triage", HEALTHY, "--rules", dir.toString(), "--disable", "config.event-log-off");
        assertThat(run.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(run.out()).contains("stage 0 ran");
        assertThat(CliRun.of("triage", HEALTHY, "--disable", "no.such").exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void aBugIsExitFourAndUserErrorsAreNot() {
        assertThat(ErrorHandler.exitCodeOf(new IllegalStateException("boom"))).isEqualTo(ExitCode.INTERNAL);
        assertThat(ErrorHandler.exitCodeOf(new NullPointerException())).isEqualTo(ExitCode.INTERNAL);
        assertThat(ErrorHandler.exitCodeOf(new dev.sparkdoc.source.SourceException("x"))).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(ErrorHandler.exitCodeOf(new dev.sparkdoc.targets.TargetException("x"))).isEqualTo(ExitCode.USAGE);
    }
}
