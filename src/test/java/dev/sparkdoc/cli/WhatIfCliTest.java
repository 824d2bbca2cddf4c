package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import org.junit.jupiter.api.Test;

/** {@code triage --what-if}: the estimate in JSON and text over a real event log, and a bad value refused in one line. */
class WhatIfCliTest {

    private static final String LOG = "examples/skewed-join/eventlog_v2_local-1795967361954";

    @Test
    void twiceTheSlotsAreEstimatedNoSlowerAndNeverUnderTheCriticalPath() throws Exception {
        CliRun run = CliRun.of("triage", LOG, "--json", "--what-if", "executors=2");

        JsonNode report = Json.mapper().readTree(run.out());
        assertThat(dev.sparkdoc.testing.TriageSchema.SCHEMA.validate(report)).isEmpty();
        JsonNode whatIf = report.get("whatIf");
        assertThat(whatIf).as(run.out()).isNotNull();
        assertThat(whatIf.get("local").asBoolean()).isTrue();
        assertThat(whatIf.get("cores").asInt()).isEqualTo(whatIf.get("recordedCores").asInt());
        long estimate = whatIf.get("estimateWallMs").asLong();
        assertThat(estimate).isLessThanOrEqualTo(whatIf.get("recordedWallMs").asLong())
                .isGreaterThanOrEqualTo(report.get("timeAccount").get("criticalPathMs").asLong());
        assertThat(whatIf.get("savedMs").asLong()).isEqualTo(whatIf.get("recordedWallMs").asLong() - estimate);
    }

    @Test
    void theTextSaysTheEstimateAndItsAssumptions() {
        CliRun run = CliRun.of("triage", LOG, "--what-if", "executors=1,cores=1");

        assertThat(run.out()).contains("What if: local[1] instead of local[").contains("assumes: each stage's tasks placed longest first");
    }

    @Test
    void aBadValueIsOneLineNamingTheForm() {
        CliRun run = CliRun.of("triage", LOG, "--what-if", "executors=two");

        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).startsWith("sparkdoc: Invalid value for option '--what-if': 'executors=two': 'two' is not a whole number;")
                .hasLineCount(1);
        assertThat(run.out()).isEmpty();
    }
}
