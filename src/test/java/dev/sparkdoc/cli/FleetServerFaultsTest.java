package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import mockwebserver3.MockResponse;
import okio.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code fleet URL --store} when the History Server misbehaves: its real listing (Spark's own
 * {@code HistoryServerSuite} answer) and real logs served as its Download link serves them, one
 * download answered 503 once, one gone (404). Faults only: {@code FleetServerStoreTest} reads a
 * real History Server.
 */
class FleetServerFaultsTest {

    @RegisterExtension
    final FakeSpark shs = new FakeSpark();

    private static final Path LOGS = Path.of("src/test/resources/spark-upstream/spark-events");
    private static final Set<String> SERVED = Set.of("local-1430917381535", "local-1425081759269", "local-1422981780767");
    private static final String LOGS_PATH = "/api/v1/applications/";

    @Test
    void aBusyAnswerIsRetriedAGoneLogIsARowAndOnlyItIsAskedForAgain() throws IOException {
        serve();
        AtomicInteger busy = new AtomicInteger();
        // Retry-After: 0, so that the test waits for nothing
        shs.routes().route(LOGS_PATH + "local-1425081759269/logs",
                () -> busy.getAndIncrement() == 0
                        ? new MockResponse.Builder().code(503).setHeader("Retry-After", "0").body("busy").build()
                        : zip("local-1425081759269", LOGS.resolve("local-1425081759269")));
        Path store = Files.createTempDirectory("fleet-server-faults").resolve("fleet.db");

        CliRun first = CliRun.of("fleet", shs.origin(), "--store", store.toString(), "--json");
        long downloads = downloads();
        CliRun second = CliRun.of("fleet", shs.origin(), "--store", store.toString(), "--json");

        assertThat(first.exitCode()).as(first.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        JsonNode table = Json.mapper().readTree(first.out());
        assertThat(table.get("applications")).hasSize(4);
        assertThat(table.at("/verdict/outcome").asText()).isEqualTo("partial");
        assertThat(first.err()).contains("1 of 4 attempts' event logs could not be read");
        // 2 attempts, the busy one twice, the gone one once: nothing else asked for twice
        assertThat(downloads).isEqualTo(5);
        assertThat(busy.get()).isEqualTo(2);
        JsonNode gone = errorRow(table);
        assertThat(gone.at("/application/id").asText()).isEqualTo("local-1422981780767");
        assertThat(gone.get("error").asText()).isEqualTo("unreadable: cannot download " + shs.origin() + "/"
                + "api/v1/applications/local-1422981780767/logs: HTTP 404, the History Server has no event log for this"
                + " attempt (removed by its cleaner since the listing?)");

        JsonNode again = Json.mapper().readTree(second.out());
        assertThat(again.at("/source/unchanged").asInt()).isEqualTo(3);
        assertThat(again.get("applications")).hasSize(1);
        assertThat(downloads() - downloads).isEqualTo(1);
    }

    @Test
    void nameIsMatchedOnTheListingSoThatOtherApplicationsAreNeverDownloaded() throws IOException {
        serve();
        Path store = Files.createTempDirectory("fleet-server-name").resolve("fleet.db");

        CliRun run = CliRun.of("fleet", shs.origin(), "--store", store.toString(), "--name", "LargeBlocks", "--json");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(Json.mapper().readTree(run.out()).get("applications")).isEmpty();
        assertThat(downloads()).isZero();
    }

    @Test
    void aServerNoneOfWhoseLogsCanBeHadIsUnreadable() throws IOException {
        serve();
        shs.routes().fault(r -> r.getUrl().encodedPath().endsWith("/logs"), answer -> RoutingDispatcher.text(403, "no"));
        Path store = Files.createTempDirectory("fleet-server-denied").resolve("fleet.db");

        CliRun run = CliRun.of("fleet", shs.origin(), "--store", store.toString(), "--json");

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(Json.mapper().readTree(run.out()).at("/verdict/outcome").asText()).isEqualTo("unreadable");
        assertThat(run.err()).startsWith("sparkdoc: none of the 4 attempts' event logs at " + shs.origin())
                .contains("HTTP 403, not allowed").endsWith("\n").hasLineCount(1);
    }

    @Test
    void aBrokenZipIsARowNamingTheDownloadNotItsTemporaryCopy() throws IOException {
        serve();
        shs.routes().route(LOGS_PATH + "local-1425081759269/logs", () -> new MockResponse.Builder().code(200)
                .body(new Buffer().write(new byte[] {'P', 'K', 3, 4, 1, 2, 3})).build());
        Path store = Files.createTempDirectory("fleet-server-broken").resolve("fleet.db");

        CliRun run = CliRun.of("fleet", shs.origin(), "--store", store.toString(), "--json");

        JsonNode broken = row(Json.mapper().readTree(run.out()), "local-1425081759269");
        assertThat(broken.get("error").asText()).startsWith("unreadable: Cannot read " + shs.origin()
                + "/api/v1/applications/local-1425081759269/logs as a zip archive").doesNotContain("sparkdoc-fleet-");
    }

    private long downloads() {
        return shs.routes().count(r -> r.getUrl().encodedPath().endsWith("/logs"));
    }

    private static JsonNode row(JsonNode table, String id) {
        for (JsonNode app : table.get("applications")) {
            if (app.at("/application/id").asText().equals(id)) {
                return app;
            }
        }
        throw new AssertionError("no row of " + id + " in " + table);
    }

    private static JsonNode errorRow(JsonNode table) {
        for (JsonNode app : table.get("applications")) {
            if (app.has("error")) {
                return app;
            }
        }
        throw new AssertionError("no row with an error in " + table);
    }

    /** Spark's listing, cut to three applications (four attempts), and their logs as zips. */
    private void serve() throws IOException {
        ArrayNode all = (ArrayNode) Json.mapper().readTree(RoutingDispatcher.resourceText(
                "/spark-upstream/history-server-expectations/completed_app_list_json_expectation.json"));
        ArrayNode listed = Json.mapper().createArrayNode();
        all.forEach(app -> {
            if (SERVED.contains(app.get("id").asText())) {
                listed.add(app);
            }
        });
        String listing = Json.mapper().writeValueAsString(listed);
        shs.routes().route("/api/v1/applications", () -> RoutingDispatcher.json(listing));
        for (String attempt : List.of("1", "2")) {
            shs.routes().route(LOGS_PATH + "local-1430917381535/" + attempt + "/logs",
                    () -> zip("local-1430917381535_" + attempt, LOGS.resolve("local-1430917381535_" + attempt)));
        }
    }

    /** What EventLogDownloadResource answers: a zip holding the attempt's log under its own name. */
    private static MockResponse zip(String entry, Path log) {
        try {
            Buffer body = new Buffer();
            try (ZipOutputStream out = new ZipOutputStream(body.outputStream())) {
                out.putNextEntry(new ZipEntry(entry));
                out.write(Files.readAllBytes(log));
                out.closeEntry();
            }
            return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/octet-stream").body(body).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
