package dev.sparkdoc.rules;

import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.firstaid.Families;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuleCatalogTest {

    @TempDir
    Path dir;

    @Test
    void builtInCatalogLoadsAndCoversEveryFirstAidFamily() {
        List<Rule> rules = RuleCatalog.builtIn();
        Set<String> families = rules.stream().map(Rule::family).collect(Collectors.toSet());
        assertThat(families).containsExactlyInAnyOrderElementsOf(Families.all().keySet());
        assertThat(rules).allSatisfy(r -> {
            assertThat(r.remedies()).isNotEmpty();
            assertThat(r.docs()).startsWith("https://");
            assertThat(r.id()).startsWith(r.family() + ".");
        });
    }

    @Test
    void userRuleIsAddedAndSameIdOverridesTheBuiltIn() throws IOException {
        Files.writeString(dir.resolve("skew.yaml"), """
                rules:
                  - id: skew.stage-task-time
                    scope: stage
                    title: "my skew"
                    when: { fact: stage.duration.maxOverP50, op: ">=", value: 2 }
                    remedies: [ { text: "do it" } ]
                """);
        Files.writeString(dir.resolve("mine.yaml"), """
                family: scheduling
                rules:
                  - id: team.long-stage
                    scope: stage
                    title: "stage {scope.id} ran {stage.wall}"
                    when: { fact: stage.wall, op: ">=", value: 10m }
                    severity: info
                    remedies: [ { text: "split it" } ]
                """);
        List<Rule> rules = RuleCatalog.effective(List.of(dir), List.of());
        assertThat(rules).filteredOn(r -> r.id().equals("skew.stage-task-time")).singleElement()
                .satisfies(r -> assertThat(r.title()).isEqualTo("my skew"));
        assertThat(rules).filteredOn(r -> r.id().equals("team.long-stage")).singleElement()
                .satisfies(r -> assertThat(((Condition.Compare) r.when()).threshold()).isEqualTo(600_000.0));
        assertThat(rules).hasSize(RuleCatalog.builtIn().size() + 1);
    }

    @Test
    void disabledRuleIsGoneAndUnknownDisableIsAnError() {
        assertThat(RuleCatalog.effective(List.of(), List.of("config.event-log-off")))
                .noneMatch(r -> r.id().equals("config.event-log-off"));
        assertThatThrownBy(() -> RuleCatalog.effective(List.of(), List.of("no.such-rule")))
                .hasMessageContaining("no.such-rule");
    }

    @Test
    void unknownFactIsReportedWithFileLineAndSuggestion() throws IOException {
        Path f = Files.writeString(dir.resolve("bad.yaml"), """
                family: skew
                rules:
                  - id: x.y
                    scope: stage
                    title: "t"
                    when:
                      all:
                        - { fact: stage.duration.maxOverP5, op: ">=", value: 2 }
                    remedies: [ { text: "r" } ]
                """);
        assertThatThrownBy(() -> RuleCatalog.load(f))
                .isInstanceOf(DataFileException.class)
                .hasMessageContaining("bad.yaml:8:")
                .hasMessageContaining("did you mean stage.duration.maxOverP50");
    }

    @Test
    void aPartMustBeOneOfTheAccountsAndComeWithSecondsLost() throws IOException {
        Path unknown = Files.writeString(dir.resolve("part.yaml"), """
                family: skew
                rules:
                  - id: x.y
                    scope: stage
                    title: "t"
                    when: { fact: stage.duration.maxOverP50, op: ">=", value: 2 }
                    secondsLost: stage.tail.secondsLost
                    part: idle.tial
                    remedies: [ { text: "r" } ]
                """);
        assertThatThrownBy(() -> RuleCatalog.load(unknown)).isInstanceOf(DataFileException.class)
                .hasMessageContaining("part.yaml:8:").hasMessageContaining("unknown part 'idle.tial'").hasMessageContaining("idle.tail");
        Path alone = Files.writeString(dir.resolve("alone.yaml"), """
                family: skew
                rules:
                  - id: x.y
                    scope: stage
                    title: "t"
                    when: { fact: stage.duration.maxOverP50, op: ">=", value: 2 }
                    part: gc
                    remedies: [ { text: "r" } ]
                """);
        assertThatThrownBy(() -> RuleCatalog.load(alone)).hasMessageContaining("alone.yaml:7:").hasMessageContaining("without secondsLost");
        assertThat(RuleCatalog.builtIn().stream().filter(r -> r.secondsLost().isPresent() && r.part().isEmpty()).map(Rule::id))
                .as("every built-in rule that measures its cost names a part, or is a failure's whole time, or a stream's latency")
                .allMatch(id -> id.startsWith("errors-") || id.startsWith("driver-memory.") || id.startsWith("joins.broadcast")
                        || id.startsWith("serialization.") || id.equals("streaming.falling-behind"));
    }

    @Test
    void wrongUnitUnknownFamilyAndYamlSyntaxAreEachCaught() throws IOException {
        Path unit = Files.writeString(dir.resolve("unit.yaml"), """
                family: skew
                rules:
                  - id: a.b
                    scope: stage
                    title: "t"
                    when: { fact: stage.spill.disk, op: ">=", value: 5s }
                    remedies: [ { text: "r" } ]
                """);
        assertThatThrownBy(() -> RuleCatalog.load(unit)).hasMessageContaining("unit.yaml:6:").hasMessageContaining("size unit");

        Path family = Files.writeString(dir.resolve("family.yaml"), """
                # the family, once for the file,
                # on line 3:
                family: skewness
                rules:
                  - id: a.b
                    scope: stage
                    title: "t"
                    when: { fact: stage.spill.disk, op: ">=", value: 5MB }
                    remedies: [ { text: "r" } ]
                """);
        assertThatThrownBy(() -> RuleCatalog.load(family)).hasMessageContaining("family.yaml:3:").hasMessageContaining("unknown family");

        Path syntax = Files.writeString(dir.resolve("syntax.yaml"), "rules:\n  - id: [unclosed\n    family: skew\n");
        assertThatThrownBy(() -> RuleCatalog.load(syntax)).hasMessageContaining("syntax.yaml:").hasMessageContaining("not valid YAML");
    }

    @Test
    void placeholderOfUnknownFactAndScopeMismatchAreCaught() throws IOException {
        Path placeholder = Files.writeString(dir.resolve("p.yaml"), """
                family: skew
                rules:
                  - id: a.b
                    scope: stage
                    title: "t {stage.nope}"
                    when: { fact: stage.spill.disk, op: ">=", value: 5MB }
                    remedies: [ { text: "r" } ]
                """);
        assertThatThrownBy(() -> RuleCatalog.load(placeholder)).hasMessageContaining("p.yaml:5:").hasMessageContaining("{stage.nope}");

        Path scope = Files.writeString(dir.resolve("s.yaml"), """
                family: skew
                rules:
                  - id: a.b
                    scope: executor
                    title: "t"
                    when: { fact: stage.spill.disk, op: ">=", value: 5MB }
                    remedies: [ { text: "r" } ]
                """);
        assertThatThrownBy(() -> RuleCatalog.load(scope)).hasMessageContaining("s.yaml:6:").hasMessageContaining("belongs to scope stage");
    }

    @Test
    void duplicateIdsInUserFilesAreRejected() throws IOException {
        String rule = """
                  - id: dup.rule
                    scope: stage
                    title: "t"
                    when: { fact: stage.spill.disk, op: ">=", value: 5MB }
                    remedies: [ { text: "r" } ]
                """;
        Files.writeString(dir.resolve("a.yaml"), "family: skew\nrules:\n" + rule + rule);
        assertThatThrownBy(() -> RuleCatalog.load(dir)).hasMessageContaining("already defined");
    }
}
