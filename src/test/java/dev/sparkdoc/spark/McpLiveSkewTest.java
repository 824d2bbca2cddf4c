package dev.sparkdoc.spark;

import static dev.sparkdoc.mcp.McpClientProcess.json;
import static dev.sparkdoc.mcp.McpClientProcess.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.mcp.McpClientProcess;
import dev.sparkdoc.testing.ForkedProcess;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.testing.TriageSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparkdoc mcp} on a real driver while a skewed join's hot task runs: the assistant's
 * triage names the skew live, and the stage tool opens that stage with its running task.
 */
@RealSpark
@ForkedProcess
class McpLiveSkewTest {

    /** As LiveSkewScenarioTest: the hot task runs 30 s, read once it is 12 s old. */
    private static final int HOT_MICROS_PER_ROW = 200;
    private static final Duration MOMENT = Duration.ofSeconds(12);

    @TempDir
    Path logs;

    @Test
    void theTriageToolNamesTheSkewWhileTheHotTaskRunsAndTheStageToolShowsThatTask() throws Exception {
        String name = "skewed join over MCP";
        Path home = Files.createTempDirectory("sparkdoc-mcp-home");
        try (McpClientProcess server = McpClientProcess.start(Map.of("HOME", home.toString()))) {
            ScenarioTriage.run(name, LocalSpark.builder(), logs, s -> SparkWorkloads.skewedJoin(s, HOT_MICROS_PER_ROW), rest -> {
                // the driver's UI, as the in-process reader named it: the assistant is given the same
                String target = ScenarioTriage.whenATaskHasRun(name, rest, MOMENT).snapshot().source().target();

                CallToolResult triage = server.call("triage", Map.of("target", target));

                assertThat(triage.isError()).as(text(triage)).isFalse();
                JsonNode report = json(triage);
                assertThat(TriageSchema.SCHEMA.validate(report)).isEmpty();
                assertThat(report.path("source").path("kind").asText()).isEqualTo("live");
                JsonNode top = report.path("findings").get(0);
                assertThat(top.path("family").asText()).as(text(triage)).isEqualTo("skew");
                assertThat(top.path("scope").path("kind").asText()).isEqualTo("stage");
                String[] stage = top.path("scope").path("id").asText().split("\\.");

                CallToolResult detail = server.call("stage", Map.of("target", target, "stageId", Integer.parseInt(stage[0]),
                        "attempt", Integer.parseInt(stage[1])));

                assertThat(detail.isError()).as(text(detail)).isFalse();
                JsonNode opened = json(detail);
                assertThat(opened.path("status").asText()).isEqualTo("ACTIVE");
                // running first, longest running at the top: the hot task
                JsonNode hot = opened.path("notableTasks").get(0);
                assertThat(hot.path("status").asText()).as(text(detail)).isEqualTo("RUNNING");
                assertThat(hot.path("durationMs").asLong()).isGreaterThanOrEqualTo(MOMENT.toMillis());
                // where it is now, when the poll read its thread: in the workload's own code
                if (opened.has("runningTask")) {
                    assertThat(opened.path("runningTask").path("taskId").asLong()).isEqualTo(hot.path("taskId").asLong());
                    assertThat(opened.path("runningTask").path("stack").toString()).contains("→ dev.sparkdoc.spark.SparkWorkloads");
                }
            });
        }
    }
}
