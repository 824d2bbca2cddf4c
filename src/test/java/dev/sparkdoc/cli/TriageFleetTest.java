package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.sparkdoc.fleet.FleetRun;
import dev.sparkdoc.fleet.FleetTriage;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.spark.LocalHistoryServer;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import mockwebserver3.MockWebServer;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fleet mode against Spark's own History Server, started in this JVM over copies of real event
 * logs: the skewed join (sparkdoc's real-Spark scenario), the healthy multi-stage join, and a
 * Spark 2.3 application from Spark's test suite that finished in 2018. Faults are injected by a
 * MockWebServer in front of the same server.
 */
@RealSpark
class TriageFleetTest {

    private static final String SKEWED = "local-1795967353438";
    private static final String HEALTHY = "local-1795967342242";
    private static final String OLD = "app-20180109111548-0000";

    @TempDir
    static Path logs;

    private static LocalHistoryServer shs;
    private static String url;
    private static final JsonSchema SCHEMA = fleetSchema();

    @BeforeAll
    static void startHistoryServer() throws IOException {
        copy("src/test/resources/spark/eventlogs/skewed-join-plain/" + SKEWED);
        copy("src/test/resources/spark/eventlogs/join-plain/" + HEALTHY);
        copy("src/test/resources/spark-upstream/spark-events/" + OLD);
        shs = LocalHistoryServer.start(logs);
        url = shs.url().toString();
    }

    @AfterAll
    static void stopHistoryServer() {
        if (shs != null) {
            shs.close();
        }
    }

    @Test
    void tableListsEveryAppAndRanksTheSkewedJoinAboveTheHealthyOne() {
        CliRun run = CliRun.of("triage", url, "--all-apps");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        // the 2018 shell's ten retried attempts cost 5.5 s in all: info (errors-during.retried-work), no longer a warning per stage
        assertThat(run.out()).startsWith("WARNING: 1 of 3 applications at warning or above; worst: Data skew in stage")
                .contains(SKEWED, HEALTHY, OLD)
                .contains("skew · Data skew in stage")
                .doesNotContain("\u001b[");
        assertThat(run.out().indexOf(SKEWED)).isLessThan(run.out().indexOf(HEALTHY));
        assertThat(rowOf(run.out(), SKEWED)).startsWith("  1  warning");
        assertThat(run.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
    }

    @Test
    void jsonRanksTheSkewedJoinAboveTheHealthyOneAndValidates() throws IOException {
        CliRun run = CliRun.of("triage", url, "--all-apps", "--json");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        JsonNode report = Json.mapper().readTree(run.out());
        assertThat(SCHEMA.validate(report)).as(run.out()).isEmpty();
        assertThat(report.at("/source/kind").asText()).isEqualTo("history");
        List<String> ids = new ArrayList<>();
        report.get("applications").forEach(app -> ids.add(app.at("/application/id").asText()));
        assertThat(ids).containsExactlyInAnyOrder(SKEWED, HEALTHY, OLD);
        assertThat(ids.indexOf(SKEWED)).isLessThan(ids.indexOf(HEALTHY));
        JsonNode skewed = report.at("/applications/" + ids.indexOf(SKEWED));
        assertThat(skewed.at("/verdict/worstSeverity").asText()).isEqualTo("warning");
        assertThat(skewed.at("/findings/0/family").asText()).isEqualTo("skew");
        assertThat(skewed.at("/findings/0/secondsLost").asDouble()).isGreaterThan(1);
        assertThat(skewed.at("/application/sparkVersion").asText()).isEqualTo("4.0.1");
        assertThat(report.at("/applications/" + ids.indexOf(HEALTHY) + "/findings").size()).isZero();
        // Spark's 2018 fixture has failed tasks, all retried in stages that completed: 5.5 s of retried work, info.
        assertThat(report.at("/verdict/counts/warning").asInt()).isEqualTo(1);
        assertThat(report.at("/verdict/outcome").asText()).isEqualTo("complete");
        assertThat(report.at("/verdict/worstSeverity").asText()).isEqualTo("warning");
    }

    @Test
    void failOnWarningExitsOneForTheSkewedJoin() {
        assertThat(CliRun.of("triage", url, "--all-apps", "--fail-on", "warning").exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void limitOneKeepsOnlyTheMostRecentlyFinishedApp() throws IOException {
        CliRun run = CliRun.of("triage", url, "--all-apps", "--limit", "1", "--json");
        JsonNode apps = Json.mapper().readTree(run.out()).get("applications");
        assertThat(apps).hasSize(1);
        assertThat(apps.get(0).at("/application/id").asText()).isEqualTo(SKEWED);
        assertThat(CliRun.of("triage", url, "--all-apps", "--limit", "1").out())
                .contains("the newest 1 only: raise --limit N for more");
    }

    @Test
    void sinceKeepsTheApplicationsThatEndedAfterIt() {
        FleetTriage fleet = new FleetTriage(RuleCatalog.builtIn(), Severity.WARNING);
        Target.Http target = new Target.Http(URI.create(url));
        assertThat(ids(fleet.run(target, HttpOptions.DEFAULT, Optional.of(Instant.parse("2000-01-01T00:00:00Z")), 20)))
                .containsExactlyInAnyOrder(SKEWED, HEALTHY, OLD);
        assertThat(ids(fleet.run(target, HttpOptions.DEFAULT, Optional.of(Instant.parse("2020-01-01T00:00:00Z")), 20)))
                .containsExactlyInAnyOrder(SKEWED, HEALTHY);
        assertThat(ids(fleet.run(target, HttpOptions.DEFAULT, Optional.of(Instant.parse("2100-01-01T00:00:00Z")), 20)))
                .isEmpty();
    }

    @Test
    void sinceOnTheCommandLineIsADurationBeforeNow() {
        CliRun recent = CliRun.of("triage", url, "--all-apps", "--since", "1s");
        assertThat(recent.exitCode()).as(recent.err()).isEqualTo(ExitCode.OK);
        assertThat(recent.out()).startsWith("OK: no completed applications since");
        assertThat(CliRun.of("triage", url, "--all-apps", "--since", "36500d").out()).contains(SKEWED, HEALTHY, OLD);
    }

    @Test
    void oneAppFailingGivesAnErrorRowWhileTheOthersAreTriaged() throws IOException {
        try (MockWebServer proxy = proxy(path -> path.equals("/api/v1/applications/" + HEALTHY + "/jobs"))) {
            CliRun run = CliRun.of("triage", proxy.url("/").toString(), "--all-apps", "--json");
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
            assertThat(run.err()).isEqualTo("sparkdoc: 1 of 3 applications could not be read (see the table)\n");
            JsonNode report = Json.mapper().readTree(run.out());
            assertThat(SCHEMA.validate(report)).as(run.out()).isEmpty();
            JsonNode last = report.at("/applications/2");
            assertThat(last.at("/application/id").asText()).isEqualTo(HEALTHY);
            assertThat(last.get("error").asText()).contains("HTTP 500").contains("injected fault");
            assertThat(last.has("verdict")).isFalse();
            assertThat(report.at("/applications/0/application/id").asText()).isEqualTo(SKEWED);
            assertThat(report.at("/verdict/counts/error").asInt()).isEqualTo(1);

            assertThat(report.at("/verdict/outcome").asText()).isEqualTo("partial");
            assertThat(report.at("/verdict/summary").asText()).startsWith("1 of 2 applications read at warning or above")
                    .endsWith("; 1 of 3 could not be read");

            CliRun text = CliRun.of("triage", proxy.url("/").toString(), "--all-apps");
            assertThat(rowOf(text.out(), HEALTHY)).contains("error");
            assertThat(text.out()).contains("could not be read:").contains("injected fault");
            assertThat(text.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        }
    }

    @Test
    void everyAppFailingIsAnUnreadableServer() throws IOException {
        try (MockWebServer proxy = proxy(path -> path.endsWith("/jobs"))) {
            CliRun run = CliRun.of("triage", proxy.url("/").toString(), "--all-apps");
            assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
            assertThat(run.err()).startsWith("sparkdoc: none of the 3 applications at").hasLineCount(1);
            assertThat(run.out()).startsWith("UNREADABLE: none of the 3 applications could be read\n").doesNotContain("OK:");

            CliRun json = CliRun.of("triage", proxy.url("/").toString(), "--all-apps", "--json");
            assertThat(json.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
            JsonNode report = Json.mapper().readTree(json.out());
            assertThat(SCHEMA.validate(report)).as(json.out()).isEmpty();
            assertThat(report.at("/verdict/outcome").asText()).isEqualTo("unreadable");
            assertThat(report.at("/verdict").has("worstSeverity")).as("nothing read is never ok").isFalse();
            assertThat(report.at("/verdict/counts/error").asInt()).isEqualTo(3);
        }
    }

    @Test
    void eachAppIsReadWithoutTheFullListingAndAtMostTwoAtOnce() throws IOException {
        ForwardingDispatcher spark = new ForwardingDispatcher(HttpUrl.get(url), path -> false);
        try (MockWebServer proxy = new MockWebServer()) {
            proxy.setDispatcher(spark);
            proxy.start();
            long started = System.nanoTime();
            FleetRun run = new FleetTriage(RuleCatalog.builtIn(), Severity.WARNING)
                    .run(new Target.Http(proxy.url("/").uri()), HttpOptions.DEFAULT, Optional.empty(), 20);
            long ms = (System.nanoTime() - started) / 1_000_000;
            System.out.printf("fleet run over %d applications: %d ms, %d requests%n", run.entries().size(), ms, spark.paths().size());
            assertThat(run.failures()).isZero();
        }
        assertThat(spark.paths()).filteredOn(p -> p.startsWith("/api/v1/applications?")).containsExactly(
                "/api/v1/applications?status=completed&limit=20");
        assertThat(spark.paths()).doesNotContain("/api/v1/applications");
        assertThat(spark.mostAppsAtOnce()).isBetween(1, FleetTriage.PARALLEL_APPS);
    }

    @Test
    void refusedHistoryServerIsExitThree() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        CliRun run = CliRun.of("triage", "http://127.0.0.1:" + closed, "--all-apps");
        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).contains("connection refused").hasLineCount(1);
    }

    @Test
    void fleetOptionsOutsideFleetModeAreUsageErrors() {
        CliRun eventLog = CliRun.of("triage", "src/test/resources/spark/eventlogs/join-plain", "--all-apps");
        assertThat(eventLog.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(eventLog.err()).contains("--all-apps reads a History Server").hasLineCount(1);
        assertThat(CliRun.of("triage", url, "--since", "24h").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(CliRun.of("triage", url, "--all-apps", "--since", "yesterday").err()).contains("e.g. 90m, 24h or 7d");
        assertThat(CliRun.of("triage", url, "--all-apps", "--app", SKEWED).exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(CliRun.of("triage", url, "--all-apps", "--limit", "0").exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void fleetAndTriageAllAppsPrintTheSameAndExitTheSame() {
        List<List<String>> variants = List.of(List.of(), List.of("--json"), List.of("--fail-on", "warning"),
                List.of("--limit", "1", "--all"), List.of("--since", "36500d", "--top", "1"));
        for (List<String> options : variants) {
            List<String> fleet = new ArrayList<>(List.of("fleet", url));
            fleet.addAll(options);
            List<String> triage = new ArrayList<>(List.of("triage", url, "--all-apps"));
            triage.addAll(options);
            CliRun byFleet = CliRun.of(fleet.toArray(String[]::new));
            CliRun byTriage = CliRun.of(triage.toArray(String[]::new));
            assertThat(byFleet.exitCode()).as(options + ": " + byFleet.err()).isEqualTo(byTriage.exitCode());
            assertThat(withoutReadTime(byFleet.out())).as(options.toString()).isEqualTo(withoutReadTime(byTriage.out())).isNotEmpty();
            assertThat(byFleet.err()).as(options.toString()).isEqualTo(byTriage.err());
        }
    }

    @Test
    void fleetAndTriageAllAppsFailTheSameWhenEveryAppFails() throws IOException {
        try (MockWebServer proxy = proxy(path -> path.endsWith("/jobs"))) {
            CliRun byFleet = CliRun.of("fleet", proxy.url("/").toString());
            CliRun byTriage = CliRun.of("triage", proxy.url("/").toString(), "--all-apps");
            assertThat(byFleet.exitCode()).isEqualTo(byTriage.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
            assertThat(byFleet.out()).isEqualTo(byTriage.out());
            assertThat(byFleet.err()).isEqualTo(byTriage.err());
        }
    }

    @Test
    void schemaRejectsAnErrorRowThatAlsoHasAVerdict() throws IOException {
        JsonNode report = Json.mapper().readTree(CliRun.of("triage", url, "--all-apps", "--json").out());
        ((com.fasterxml.jackson.databind.node.ObjectNode) report.at("/applications/0")).put("error", "boom");
        assertThat(SCHEMA.validate(report)).isNotEmpty();
    }

    private static MockWebServer proxy(Predicate<String> fault) throws IOException {
        MockWebServer proxy = new MockWebServer();
        proxy.setDispatcher(new ForwardingDispatcher(HttpUrl.get(url), fault));
        proxy.start();
        return proxy;
    }

    /** The JSON report says when the listing was read: the one line two runs cannot share. */
    private static String withoutReadTime(String report) {
        // two runs can straddle a minute: the "since" header of --since is the read time too
        return report.replaceAll("\"takenAt\" : \"[^\"]+\"", "\"takenAt\" : \"…\"")
                .replaceAll("since \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC", "since …");
    }

    private static List<String> ids(FleetRun run) {
        return run.entries().stream().map(e -> e.listed().id()).toList();
    }

    private static String rowOf(String table, String appId) {
        return table.lines().filter(line -> line.matches("\\s*\\d+  .*") && line.contains(appId)).findFirst().orElseThrow();
    }

    private static void copy(String log) throws IOException {
        Path from = Path.of(log);
        Files.copy(from, logs.resolve(from.getFileName()));
    }

    /** The fleet schema refers to the single-report schema by its $id; read that from docs/. */
    private static JsonSchema fleetSchema() {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012, builder -> builder
                .schemaMappers(m -> m.mapPrefix("https://sparkdoc.dev/schemas/triage/1.json",
                        Path.of("docs/triage.schema.json").toAbsolutePath().toUri().toString())));
        try {
            return factory.getSchema(Json.mapper().readTree(Path.of("docs/triage-fleet.schema.json").toFile()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
