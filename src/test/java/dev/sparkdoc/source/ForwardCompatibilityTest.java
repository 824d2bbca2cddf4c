package dev.sparkdoc.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.rest.LiveDriverAnswers;
import dev.sparkdoc.source.snapshot.SnapshotFile;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.HostileLogs;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A newer Spark (or sparkdoc) adds event types and fields: each source ignores what it does not
 * know and reads the rest as before.
 */
class ForwardCompatibilityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @RegisterExtension
    final FakeSpark driver = new FakeSpark();

    @Test
    void anEventLogWithFutureEventTypesAndFieldsReadsLikeTheOriginal() throws IOException {
        AppSnapshot original = Sources.open(new Target.EventLog(HostileLogs.SOURCE), AppSelector.ANY, HttpOptions.DEFAULT).read();
        String future = Files.readString(HostileLogs.SOURCE).lines()
                .map(l -> l.replaceFirst("^\\{\"Event\":(\"[^\"]+\"),", "{\"Event\":$1,\"Spark 5 Field\":{\"nested\":[1,{\"x\":null}]},"))
                .flatMap(l -> java.util.stream.Stream.of(l, "{\"Event\":\"SparkListenerSomethingNewInSpark5\",\"Payload\":[1,2,3]}"))
                .collect(Collectors.joining("\n", "", "\n"));
        Path log = Files.writeString(dir.resolve("local-1795967353438"), future);

        AppSnapshot read = Sources.open(new Target.EventLog(log), AppSelector.ANY, HttpOptions.DEFAULT).read();

        assertThat(future).contains("Spark 5 Field");
        assertThat(read.application().name()).isEqualTo(original.application().name());
        assertThat(read.jobs()).hasSameSizeAs(original.jobs());
        assertThat(read.stages()).hasSameSizeAs(original.stages());
        assertThat(read.stages().get(0).quantiles()).isEqualTo(original.stages().get(0).quantiles());
    }

    @Test
    void restAnswersWithFutureFieldsReadLikeTheOriginals() throws IOException {
        AppSnapshot original = readRest(false);
        AppSnapshot future = readRest(true);

        assertThat(future.jobs()).hasSameSizeAs(original.jobs()).isNotEmpty();
        assertThat(future.stages()).hasSameSizeAs(original.stages());
        assertThat(future.executors()).hasSameSizeAs(original.executors());
        assertThat(future.application().name()).isEqualTo(original.application().name());
    }

    @Test
    void aSnapshotFileFromANewerSparkdocWithExtraFieldsReads() throws IOException {
        AppSnapshot original = Sources.open(new Target.EventLog(HostileLogs.SOURCE), AppSelector.ANY, HttpOptions.DEFAULT).read();
        Path file = dir.resolve("snap.json");
        try (var out = Files.newOutputStream(file)) {
            SnapshotFile.write(original, "test", out);
        }
        ObjectNode root = (ObjectNode) JSON.readTree(file.toFile());
        root.put("futureEnvelopeField", 1);
        ObjectNode snap = (ObjectNode) root.get("snapshot");
        snap.putObject("futureSection").put("x", 1);
        ((ObjectNode) snap.get("application")).put("futureAppField", "x");
        snap.get("jobs").forEach(j -> ((ObjectNode) j).putArray("futureJobField").add(1));
        snap.get("stages").forEach(s -> ((ObjectNode) s).put("futureStageField", true));
        Files.writeString(file, JSON.writeValueAsString(root));

        AppSnapshot read = SnapshotFile.read(file);

        assertThat(read.jobs()).hasSameSizeAs(original.jobs());
        assertThat(read.stages()).hasSameSizeAs(original.stages());
    }

    private AppSnapshot readRest(boolean addFutureFields) {
        driver.routes().otherwise(request -> answer(request.getUrl().encodedPath(), addFutureFields));
        HttpOptions http = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(5));
        try (SnapshotSource s = Sources.open(driver.target(), AppSelector.ANY, http)) {
            return s.read();
        }
    }

    /** The live driver's answer for the path's ending; 404 for others. */
    private static MockResponse answer(String path, boolean addFutureFields) {
        return LiveDriverAnswers.ENDPOINTS.stream().filter(e -> path.endsWith(e.getKey())).findFirst()
                .map(e -> new String(LiveDriverAnswers.bytes(e.getValue()), StandardCharsets.UTF_8))
                .map(body -> RoutingDispatcher.json(addFutureFields ? withFutureFields(body) : body))
                .orElseGet(() -> new MockResponse.Builder().code(404).body("no").build());
    }

    /** A field a newer Spark might add, on the answer and on each element of a list answer. */
    private static String withFutureFields(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            if (node instanceof ObjectNode o) {
                o.putObject("sparkFiveField").putArray("values").add(1);
            } else if (node instanceof ArrayNode a) {
                a.forEach(e -> {
                    if (e instanceof ObjectNode o) {
                        o.put("sparkFiveField", "new");
                        o.putObject("sparkFiveObject").put("x", 1);
                    }
                });
            }
            return JSON.writeValueAsString(node);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
