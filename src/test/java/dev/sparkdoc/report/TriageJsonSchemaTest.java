package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.ValidationMessage;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every triage report of real event logs validates against the published schema. */
class TriageJsonSchemaTest {

    private static final JsonSchema SCHEMA = dev.sparkdoc.testing.TriageSchema.SCHEMA;

    static Stream<Path> eventLogs() throws IOException {
        List<Path> roots = List.of(Path.of("src/test/resources/spark-upstream/spark-events"),
                Path.of("src/test/resources/spark/eventlogs"), Path.of("examples/skewed-join"));
        Stream<Path> out = Stream.empty();
        for (Path root : roots) {
            try (Stream<Path> s = Files.list(root)) {
                List<Path> logs = s.flatMap(TriageJsonSchemaTest::logsIn).toList();
                out = Stream.concat(out, logs.stream());
            }
        }
        return out;
    }

    private static Stream<Path> logsIn(Path p) {
        if (p.getFileName().toString().endsWith(".md")) {
            return Stream.empty();
        }
        if (Files.isDirectory(p) && !p.getFileName().toString().startsWith("eventlog_v2_")) {
            try (Stream<Path> inner = Files.list(p)) {
                return inner.filter(q -> !q.getFileName().toString().startsWith(".") && !q.getFileName().toString().endsWith(".md"))
                        .toList().stream();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return Stream.of(p);
    }

    @org.junit.jupiter.api.Test
    void schemaRejectsAnUnknownFamilyAndAMissingVerdict() throws IOException {
        Path log = Path.of("examples/skewed-join/eventlog_v2_local-1795967361954");
        String json = TriageJson.render(TriageReport.of(Diagnosis.of(new EventLogSource(log).read(), RuleCatalog.builtIn()),
                "test", Severity.INFO, 100));
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode) Json.mapper().readTree(json);
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("findings").get(0)).put("family", "bogus");
        assertThat(SCHEMA.validate(tree)).isNotEmpty();
        tree.remove("verdict");
        assertThat(SCHEMA.validate(tree)).hasSizeGreaterThanOrEqualTo(2);
    }

    @ParameterizedTest
    @MethodSource("eventLogs")
    void reportOfRealLogValidates(Path log) throws IOException {
        Diagnosis d = Diagnosis.of(new EventLogSource(log).read(), RuleCatalog.builtIn());
        String json = TriageJson.render(TriageReport.of(d, "test", Severity.INFO, 100));
        Set<ValidationMessage> errors = SCHEMA.validate(Json.mapper().readTree(json));
        assertThat(errors).as(json).isEmpty();
        assertThat(json).doesNotContain("\"op\" : null").doesNotContain("{stage.").doesNotContain("{app.");
    }
}
