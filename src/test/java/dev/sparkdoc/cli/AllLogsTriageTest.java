package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.facts.FactUnit;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import dev.sparkdoc.testing.RealLogs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every real log we have (other tools' public logs and Apache Spark's own test logs, copied
 * into src/test/resources) triages as a user would run it: one report, no stack trace, no time
 * before 2000, no negative duration, no fraction above 1.
 */
class AllLogsTriageTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant Y2000 = Instant.parse("2000-01-01T00:00:00Z");

    static Stream<String> logs() throws IOException {
        return RealLogs.under(List.of("src/test/resources/public-eventlogs", "src/test/resources/spark-upstream/spark-events",
                "src/test/resources/spark-upstream/spark-events-broken", "src/test/resources/spark-upstream/sql-spark-events"));
    }

    @ParameterizedTest
    @MethodSource("logs")
    void triagesWithoutAStackTraceOrAnImpossibleNumber(String log) throws IOException {
        CliRun run = CliRun.of("triage", log, "--json", "--all");

        assertThat(run.exitCode()).as(run.err()).isIn(0, 1);
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
        JsonNode report = JSON.readTree(run.out());
        JsonNode app = report.path("application");
        if (app.has("startTime")) {
            assertThat(Instant.parse(app.path("startTime").asText())).isAfter(Y2000);
        }
        if (app.has("durationMs")) {
            assertThat(app.path("durationMs").asLong()).isNotNegative();
        }
        for (JsonNode finding : report.path("findings")) {
            assertThat(finding.path("secondsLost").asDouble(0)).as(finding.path("rule").asText()).isNotNegative();
            for (JsonNode e : finding.path("evidence")) {
                // disk spill over the data read may pass 1 (a multi-pass sort, rows made in the stage)
                if (FactUnit.FRACTION.id().equals(e.path("unit").asText())
                        && !e.path("fact").asText().equals("stage.spill.fractionOfData")) {
                    assertThat(e.path("value").asDouble()).as(e.path("fact").asText()).isBetween(0.0, 1.0 + 1e-9);
                }
                if (FactUnit.SECONDS.id().equals(e.path("unit").asText()) || FactUnit.MS.id().equals(e.path("unit").asText())) {
                    assertThat(e.path("value").asDouble()).as(e.path("fact").asText()).isNotNegative();
                }
            }
        }
    }
}
