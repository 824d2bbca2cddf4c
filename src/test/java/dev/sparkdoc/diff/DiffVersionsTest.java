package dev.sparkdoc.diff;

import dev.sparkdoc.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The same job on Spark 3.5.8 and on Spark 4.0.1 (src/test/resources/spark/eventlogs/spark35/README.md):
 * the diff names the version change and still lines up every stage, through the CLI.
 */
class DiffVersionsTest {

    static final Path SPARK35 = Path.of("src/test/resources/spark/eventlogs/spark35/local-1795969770784");
    static final Path SPARK40 = Path.of("src/test/resources/spark/eventlogs/join-plain");

    static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema());

    private static JsonNode schema() {
        try {
            return Json.mapper().readTree(Path.of("docs/diff.schema.json").toFile());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The 4.0.1 log is whatever the harness last wrote into join-plain/ (its name has the app id). */
    static String spark40Log() throws IOException {
        try (Stream<Path> s = Files.list(SPARK40)) {
            return s.filter(p -> !p.getFileName().toString().endsWith(".md")).findFirst().orElseThrow().toString();
        }
    }

    @Test
    void theVersionChangeIsNamedAndEveryStageIsMatched() throws IOException {
        CliRun run = CliRun.of("diff", "--json", SPARK35.toString(), spark40Log());
        assertThat(run.err()).isEmpty();
        JsonNode report = Json.mapper().readTree(run.out());
        assertThat(SCHEMA.validate(report)).isEmpty();
        assertThat(report.at("/matched/stages/matched").asInt()).isEqualTo(4);
        assertThat(report.at("/matched/stages/added").asInt()).isZero();
        assertThat(report.at("/matched/stages/removed").asInt()).isZero();
        assertThat(report.at("/matched/queries/matched").asInt()).isEqualTo(1);
        assertThat(report.get("changes")).anySatisfy(c -> {
            assertThat(c.get("kind").asText()).isEqualTo("version");
            assertThat(c.get("title").asText()).isEqualTo("Spark 3.5.8 → 4.0.1");
        });
        assertThat(run.exitCode()).isIn(0, 1);
    }

    @Test
    void theTextReportFitsEightyColumnsAndLeadsWithTheVerdict() throws IOException {
        CliRun run = CliRun.of("diff", "--no-color", SPARK35.toString(), spark40Log());
        assertThat(run.out().lines().findFirst().orElseThrow()).matches("(WORSE|CHANGED|SAME): .*");
        assertThat(run.out()).contains("Spark 3.5.8 → 4.0.1").contains("matched       4 stages, 4 jobs, 1 query");
        assertThat(run.out().lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    }

    @Test
    void aRunComparedWithItselfIsTheSameAndExitsZero() throws IOException {
        CliRun run = CliRun.of("diff", "--no-color", spark40Log(), spark40Log());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("SAME: no significant difference").doesNotContain("time: the run got");
    }

    @Test
    void oneTargetThatIsNotAHistoryServerIsBadUsage() throws IOException {
        CliRun run = CliRun.of("diff", spark40Log());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("two targets").hasLineCount(1);
    }

    @Test
    void anUnreadableSideExitsThree() throws IOException {
        Path notALog = Files.createTempFile("not-a-log", ".txt");
        Files.writeString(notALog, "hello\n");
        CliRun run = CliRun.of("diff", notALog.toString(), spark40Log());
        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).hasLineCount(1);
    }
}
