package dev.sparkdoc.mcp;

import static dev.sparkdoc.mcp.McpClientProcess.json;
import static dev.sparkdoc.mcp.McpClientProcess.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.sparkdoc.cli.Main;
import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import dev.sparkdoc.testing.ForkedProcess;
import dev.sparkdoc.testing.SecretLogs;
import dev.sparkdoc.testing.TriageSchema;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code sparkdoc mcp} driven by the MCP SDK's client over stdio, as an assistant drives it: every
 * tool on the real example logs, a secured fake driver named in the config file, faults, secrets
 * and the size cap.
 */
@ForkedProcess
class McpServerTest {

    private static final Path SKEWED = Path.of("examples/skewed-join/eventlog_v2_local-1795967361954");
    private static final String TOKEN = "tok-mcp-4711";
    /** The call timeout the server is started with: a stalled target is answered after it. */
    private static final int CALL_TIMEOUT_SECONDS = 5;

    @RegisterExtension
    static final FakeSpark spark = new FakeSpark();

    private static Path dir;
    private static McpClientProcess server;

    @BeforeAll
    static void startServer() throws IOException {
        dir = Files.createTempDirectory("sparkdoc-mcp");
        Path config = dir.resolve("config.yaml");
        // a secured driver named in the config, its token by reference to the environment
        Files.writeString(config, """
                targets:
                  secured:
                    url: %s
                    headers:
                      Authorization: {env: MCP_TEST_TOKEN, prefix: "Bearer "}
                """.formatted(spark.url("/")));
        server = McpClientProcess.start(Map.of("SPARKDOC_CONFIG", config.toString(), "MCP_TEST_TOKEN", TOKEN, "HOME", dir.toString()),
                "--call-timeout", String.valueOf(CALL_TIMEOUT_SECONDS));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    private static void securedDriver() {
        spark.clearFaults();
        spark.liveDriver().fault(r -> !("Bearer " + TOKEN).equals(r.getHeaders().get("Authorization")),
                answer -> new MockResponse.Builder().code(401).body("Unauthorized").build());
    }

    @Test
    void listsEveryToolWithItsAnswersSchemaAndTheFirstAidPrompt() {
        List<Tool> tools = server.client.listTools().tools();

        assertThat(tools).extracting(Tool::name).containsExactly("triage", "explain", "diff", "logs", "stage", "rules_show", "fleet_report");
        assertThat(tools).filteredOn(t -> List.of("triage", "diff").contains(t.name()))
                .allSatisfy(t -> assertThat(t.description()).containsPattern("docs/(triage|diff)\\.schema\\.json"));
        assertThat(tools).allSatisfy(t -> assertThat((Map<?, ?>) t.inputSchema().get("properties")).isNotEmpty());
        assertThat(server.client.listPrompts().prompts()).extracting(McpSchema.Prompt::name).containsExactly("first_aid");
    }

    @Test
    void triageAnswersTheReportTheCommandPrintsValidAgainstItsSchema() throws Exception {
        CallToolResult result = server.call("triage", Map.of("target", SKEWED.toString(), "all", true));

        assertThat(result.isError()).as(text(result)).isFalse();
        JsonNode report = json(result);
        assertThat(TriageSchema.SCHEMA.validate(report)).isEmpty();
        assertThat((JsonNode) Json.mapper().valueToTree(result.structuredContent())).isEqualTo(report);
        assertThat(report.has("truncated")).isFalse();
        // the same ranking as the diagnosis made here, in process, of the same log
        Diagnosis here;
        try (SnapshotSource source = Sources.open(TargetParser.parse(SKEWED.toString()), AppSelector.ANY, HttpOptions.DEFAULT)) {
            AppSnapshot snapshot = source.read();
            here = Diagnosis.of(snapshot, RuleCatalog.builtIn());
        }
        assertThat(report.path("findings").get(0).path("rule").asText()).isEqualTo(here.findings().get(0).rule());
    }

    @Test
    void triageWithAProfileDumpJoinsTheUdfsProfileAndABadDumpIsTheCommandsOneLine() throws Exception {
        String log = "src/test/resources/spark/eventlogs/pyspark35-profiled-udf/local-1796543998094";
        CallToolResult result = server.call("triage", Map.of("target", log, "profileDump", "src/test/resources/profiles/pyspark35"));

        assertThat(result.isError()).as(text(result)).isFalse();
        JsonNode report = json(result);
        assertThat(TriageSchema.SCHEMA.validate(report)).isEmpty();
        assertThat(report.path("profiles")).anySatisfy(p -> assertThat(p.path("udf").asText()).isEqualTo("normalize_code"));

        CallToolResult bad = server.call("triage", Map.of("target", log, "profileDump", "src/test/resources/profiles"));
        assertThat(bad.isError()).isTrue();
        assertThat(text(bad)).contains("README.md is not a PySpark profile").doesNotContain("\n");
    }

    @Test
    void stageOpensTheTopFindingsStageWithItsTasksAndQuantiles() {
        JsonNode top = json(server.call("triage", Map.of("target", SKEWED.toString(), "top", 1))).path("findings").get(0);
        assertThat(top.path("scope").path("kind").asText()).isEqualTo("stage");
        String[] stage = top.path("scope").path("id").asText().split("\\.");

        CallToolResult result = server.call("stage", Map.of("target", SKEWED.toString(), "stageId", Integer.parseInt(stage[0]),
                "attempt", Integer.parseInt(stage[1])));

        assertThat(result.isError()).as(text(result)).isFalse();
        JsonNode detail = json(result);
        assertThat(detail.path("stageId").asInt()).isEqualTo(Integer.parseInt(stage[0]));
        assertThat(detail.path("notableTasks")).isNotEmpty();
        // the slowest task listed is the maximum of the duration quantiles: both read from the same log
        long slowest = 0;
        for (JsonNode task : detail.path("notableTasks")) {
            slowest = Math.max(slowest, task.path("durationMs").asLong());
        }
        assertThat(detail.path("quantiles").path("metrics").path("DURATION").path("max").asDouble()).isEqualTo((double) slowest);
    }

    @Test
    void explainDiffAndRulesShowAnswerTheCommandsContent() throws Exception {
        JsonNode explained = json(server.call("explain", Map.of("text",
                "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat com.acme.Etl.main(Etl.java:42)\n")));
        assertThat(explained.path("errors")).isNotEmpty();

        CallToolResult diff = server.call("diff", Map.of("baseline", "examples/healthy-join/eventlog_v2_local-1795967347590", "current", SKEWED.toString()));
        assertThat(diff.isError()).as(text(diff)).isFalse();
        JsonSchema diffSchema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(Json.mapper().readTree(Path.of("docs/diff.schema.json").toFile()));
        assertThat(diffSchema.validate(json(diff))).isEmpty();

        String rule = json(server.call("triage", Map.of("target", SKEWED.toString(), "top", 1))).path("findings").get(0).path("rule").asText();
        JsonNode shown = json(server.call("rules_show", Map.of("id", rule)));
        assertThat(shown.path("id").asText()).isEqualTo(rule);
        assertThat(shown.path("lines").get(0).asText()).startsWith(rule);
    }

    @Test
    void aTargetNamedInTheConfigIsReadWithItsSecretAndTheUnauthorizedAnswerIsTheCliLine() {
        securedDriver();

        CallToolResult named = server.call("triage", Map.of("target", "secured"));
        CallToolResult bare = server.call("triage", Map.of("target", spark.url("/").toString()));

        assertThat(named.isError()).as(text(named)).isFalse();
        assertThat(json(named).path("source").path("kind").asText()).isEqualTo("live");
        assertThat(TriageSchema.SCHEMA.validate(json(named))).isEmpty();
        assertThat(bare.isError()).isTrue();
        assertThat(text(bare)).isEqualTo(cliError("triage", spark.url("/").toString())).doesNotContain("\n");
    }

    @Test
    void logsReadsEachExecutorsLogThroughItsLinkAndExplainsTheErrorsInIt() throws IOException {
        securedDriver();
        // the driver's executor with log links on this server, as a standalone worker gives them
        String executors = new String(McpServerTest.class.getResourceAsStream("/spark-4.0.1-live/allexecutors.json").readAllBytes(),
                StandardCharsets.UTF_8).replaceFirst("\"executorLogs\" : \\{ \\}",
                "\"executorLogs\" : {\"stdout\": \"" + spark.url("/logs/stdout") + "\", \"stderr\": \"" + spark.url("/logs/stderr") + "\"}");
        spark.routes().route("/api/v1/applications/local-1795966616509/allexecutors", () -> RoutingDispatcher.json(executors))
                .route("/logs/stderr", () -> RoutingDispatcher.text(200, "INFO Executor: Running task 0.0\n"
                        + "ERROR Executor: Exception in task 0.0 in stage 1.0 (TID 1)\njava.lang.OutOfMemoryError: Java heap space\n"
                        + "\tat com.acme.Etl.parse(Etl.java:42)\nINFO Executor: Finished task 1.0\n"));

        CallToolResult result = server.call("logs", Map.of("target", "secured", "type", "stderr", "grep", "ERROR|Exception|Error"));

        assertThat(result.isError()).as(text(result)).isFalse();
        JsonNode log = json(result).path("logs").get(0);
        assertThat(log.path("kind").asText()).isEqualTo("stderr");
        assertThat(json(result).path("logs")).hasSize(1);
        assertThat(log.path("lines")).extracting(JsonNode::asText).containsExactly(
                "ERROR Executor: Exception in task 0.0 in stage 1.0 (TID 1)", "java.lang.OutOfMemoryError: Java heap space");
        assertThat(log.path("errors")).isNotEmpty();
        assertThat(log.path("errors").toString()).contains("OutOfMemoryError");
    }

    @Test
    void aStalledTargetIsAnsweredAtTheCallTimeoutAndTheServerGoesOn() {
        securedDriver();
        spark.fault(r -> true, answer -> new MockResponse.Builder().headersDelay(120, TimeUnit.SECONDS).body("[]").build());
        long start = System.nanoTime();

        CallToolResult stalled = server.call("triage", Map.of("target", "secured"));

        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertThat(stalled.isError()).isTrue();
        assertThat(text(stalled)).contains("no answer within " + CALL_TIMEOUT_SECONDS + " s");
        assertThat(seconds).isGreaterThanOrEqualTo(CALL_TIMEOUT_SECONDS).isLessThan(60);
        securedDriver();
        CallToolResult next = server.call("triage", Map.of("target", "secured"));
        assertThat(next.isError()).as(text(next)).isFalse();
    }

    @Test
    void brokenTargetsAndBadArgumentsAreToolErrorsAndTheNextCallIsAnswered() throws IOException {
        Path notALog = Files.writeString(dir.resolve("notes.txt"), "not an event log\n");

        CallToolResult missing = server.call("triage", Map.of("target", dir.resolve("missing").toString()));
        CallToolResult text = server.call("triage", Map.of("target", notALog.toString()));
        CallToolResult badType = server.call("stage", Map.of("target", SKEWED.toString(), "stageId", "four"));
        CallToolResult unknown = server.call("triage", Map.of("target", SKEWED.toString(), "topp", 3));
        CallToolResult noStage = server.call("stage", Map.of("target", SKEWED.toString(), "stageId", 999));
        CallToolResult badRegex = server.call("logs", Map.of("target", "secured", "grep", "(unclosed"));

        assertThat(List.of(missing, text, badType, unknown, noStage, badRegex)).allSatisfy(r -> assertThat(r.isError()).isTrue());
        assertThat(text(missing)).isEqualTo(cliError("triage", dir.resolve("missing").toString()));
        assertThat(text(text)).isEqualTo(cliError("triage", notALog.toString()));
        assertThat(text(badType)).contains("stageId").contains("integer");
        assertThat(text(unknown)).contains("unknown argument 'topp'");
        assertThat(text(noStage)).contains("no stage 999");
        assertThat(text(badRegex)).contains("not a regular expression");
        CallToolResult next = server.call("rules_show", Map.of("id", "skew.stage-task-time"));
        assertThat(next.isError()).as(text(next)).isFalse();
    }

    @Test
    void noSecretPlantedInTheApplicationReachesAnyAnswer() throws IOException {
        Path secretDir = Files.createDirectories(dir.resolve("secret"));
        String log = SecretLogs.write(secretDir).toString();

        List<String> answers = List.of(
                text(server.call("triage", Map.of("target", log, "all", true, "top", 100))),
                text(server.call("stage", Map.of("target", log, "stageId", 4))),
                text(server.call("diff", Map.of("baseline", log, "current", SKEWED.toString()))),
                text(server.call("explain", Map.of("text", "java.sql.SQLException: login failed for jdbc:postgresql://db/x?user=u&password="
                        + SecretLogs.SECRET + "\n\tat org.postgresql.Driver.connect(Driver.java:1)\n"))),
                server.client.getPrompt(new McpSchema.GetPromptRequest("first_aid", Map.of("target", log))).messages().toString());

        assertThat(answers).allSatisfy(a -> assertThat(a).isNotBlank().doesNotContain(SecretLogs.SECRET));
    }

    @Test
    void firstAidRunsTriageAndAsksForTheTopFindingsVerificationPlan() {
        var prompt = server.client.getPrompt(new McpSchema.GetPromptRequest("first_aid", Map.of("target", SKEWED.toString())));

        String message = ((McpSchema.TextContent) prompt.messages().get(0).content()).text();
        String rule = json(server.call("triage", Map.of("target", SKEWED.toString(), "top", 1))).path("findings").get(0).path("rule").asText();
        assertThat(message).contains("verification plan").contains("\"rule\":\"" + rule + "\"");
    }

    @Test
    void anAnswerLargerThanTheCapIsCutWholeAndSaysWhatWasLeftOut() throws IOException {
        int cap = 4_096;
        try (McpClientProcess small = McpClientProcess.start(Map.of("HOME", dir.toString()), "--max-answer-bytes", String.valueOf(cap))) {
            CallToolResult full = server.call("triage", Map.of("target", SKEWED.toString(), "all", true, "top", 100));
            CallToolResult cut = small.call("triage", Map.of("target", SKEWED.toString(), "all", true, "top", 100));

            assertThat(text(full).getBytes(StandardCharsets.UTF_8).length).isGreaterThan(cap);
            assertThat(text(cut).getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(cap);
            JsonNode report = json(cut);
            assertThat(TriageSchema.SCHEMA.validate(report)).isEmpty();
            JsonNode truncated = report.path("truncated");
            assertThat(truncated).isNotEmpty();
            for (JsonNode t : truncated) {
                assertThat(t.path("more").asInt()).isPositive();
            }
            // what the cut answer still lists is the start of the full one, in its order
            JsonNode findings = report.path("findings");
            for (int i = 0; i < findings.size(); i++) {
                assertThat(findings.get(i).path("rule")).isEqualTo(json(full).path("findings").get(i).path("rule"));
            }
        }
    }

    /** The line {@code sparkdoc COMMAND TARGET} prints on stderr, without its "sparkdoc: ". */
    private static String cliError(String command, String target) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Main.run(command, target, "--json");
        } finally {
            System.setErr(err);
        }
        String line = captured.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("sparkdoc: ")).reduce((a, b) -> b).orElse("");
        return line.substring("sparkdoc: ".length());
    }

    @Test
    void reportsTheFleetStoreAndNamesAMissingOne() throws IOException {
        Path db = Files.createTempDirectory("sparkdoc-mcp-fleet-").resolve("fleet.db");
        try (FleetStore store = FleetStore.open(db)) {
            Path log = SKEWED;
            // a fixed clock: only an .inprogress log asks it how old it is, and the example's log is complete
            store.put(new LogRowsReader(RuleCatalog.builtIn(), "test",
                    java.time.Clock.fixed(java.time.Instant.parse("2026-12-06T00:00:00Z"), java.time.ZoneOffset.UTC))
                    .rows(log, log.toString(), 1, 1));
        }

        JsonNode report = json(server.call("fleet_report", Map.of("store", db.toString(), "since", "2000-01-01")));

        assertThat(report.path("applications").asLong()).isEqualTo(1);
        assertThat(report.path("costlyRules")).isNotEmpty();
        CallToolResult missing = server.call("fleet_report", Map.of("store", db.resolveSibling("none.db").toString()));
        assertThat(missing.isError()).isTrue();
        assertThat(text(missing)).startsWith("no fleet store at ");
    }
}
