package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'rules facts' and 'rules test' as a rule author meets them. */
class RulesCliTest {

    @TempDir
    Path dir;

    @Test
    void factsListsScopeUnitExampleAndMeaning() throws IOException {
        CliRun all = CliRun.of("rules", "facts");
        assertThat(all.exitCode()).isZero();
        assertThat(all.out().lines().findFirst()).hasValueSatisfying(h -> assertThat(h).contains("SCOPE", "FACT", "UNIT", "EXAMPLE", "MEANING"));
        assertThat(all.out()).containsPattern("stage +stage\\.duration\\.max +time +\\S+ s +longest finished task");

        CliRun json = CliRun.of("rules", "facts", "tail.secondsLost", "--json");
        JsonNode facts = new ObjectMapper().readTree(json.out()).get("facts");
        assertThat(facts).singleElement().satisfies(f -> {
            assertThat(f.get("name").asText()).isEqualTo("stage.tail.secondsLost");
            assertThat(f.get("unit").asText()).isEqualTo("seconds");
            assertThat(f.get("kind").asText()).isEqualTo("time");
            assertThat(f.get("example").asText()).isNotBlank();
        });
        assertThat(CliRun.of("rules", "facts", "nosuchfact").exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void testRunsTheBuiltInCasesAndTheirFolder() {
        CliRun run = CliRun.of("rules", "test", "src/test/resources/rules-tests");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).containsPattern("^\\d+ case\\(s\\) passed in 19 file\\(s\\)\\n$");
    }

    @Test
    void aFailingCaseIsOneLineWithItsFileAndLineAndExitOne() throws IOException {
        Files.writeString(dir.resolve("scheduling.yaml"), """
                rules:
                  - id: scheduling.long-stage
                    scope: stage
                    title: "stage {scope.id} ran {stage.wall}"
                    when: { fact: stage.wall, op: ">=", value: 10m }
                    severity: { fact: stage.wall, warning: ">= 30m" }
                    remedies: [ { text: "split it" } ]
                """);
        Path tests = Files.writeString(dir.resolve("scheduling.test.yaml"), """
                tests:
                  - name: eleven minutes is long
                    rule: scheduling.long-stage
                    facts: { stage.wall: 11m }
                    fires: true
                    severity: info
                  - name: an hour is a warning
                    rule: scheduling.long-stage
                    facts: { stage.wall: 1h }
                    fires: true
                    severity: critical
                """);
        CliRun run = CliRun.of("rules", "test", tests.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.CASES_FAILED);
        assertThat(run.out()).isEqualTo(tests + ":7: scheduling.long-stage \"an hour is a warning\": fired with severity warning,"
                + " expected critical\n1 of 2 case(s) failed in 1 file(s)\n");
    }

    @Test
    void aBrokenTestFileIsAUsageErrorWithItsLine() throws IOException {
        Files.writeString(dir.resolve("skew.test.yaml"), "tests:\n  - name: x\n    rule: skew.stage-task-time\n"
                + "    facts: { stage.duration.max: 50 }\n    fires: true\n");
        CliRun run = CliRun.of("rules", "test", dir.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).contains("skew.test.yaml:4: 'stage.duration.max: 50' (a time) needs a unit, e.g. 50s or 50000ms");
        assertThat(CliRun.of("rules", "test", dir.resolve("none").toString()).exitCode()).isEqualTo(ExitCode.USAGE);
    }
}
