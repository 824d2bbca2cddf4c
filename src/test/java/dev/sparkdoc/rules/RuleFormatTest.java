package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.facts.FactCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the rule format refuses, each with its line and the fix: the traps a Spark engineer could not see. */
class RuleFormatTest {

    @TempDir
    Path dir;

    /** A scheduling rule on stage.wall whose {@code when} and {@code severity} lines are given, at lines 5 and 6. */
    private Path rule(String file, String when, String severity) throws IOException {
        return Files.writeString(dir.resolve(file), """
                rules:
                  - id: scheduling.long-stage
                    scope: stage
                    title: "stage {scope.id} ran {stage.wall}"
                %s
                %s
                    remedies: [ { text: "split it" } ]
                """.formatted("    when: " + when, "    severity: " + severity));
    }

    private Path when(String when) throws IOException {
        return rule("scheduling.yaml", when, "info");
    }

    private Path severity(String severity) throws IOException {
        return rule("scheduling.yaml", "{ fact: stage.wall, op: \">=\", value: 10m }", severity);
    }

    @Test
    void aBareNumberOnATimeIsRefusedWithTheFix() throws IOException {
        assertThatThrownBy(() -> RuleCatalog.load(when("{ fact: stage.duration.max, op: \">=\", value: 5 }")))
                .isInstanceOf(DataFileException.class)
                .hasMessageEndingWith("scheduling.yaml:5: 'value: 5' on stage.duration.max (a time) needs a unit, e.g. 5s or 5000ms");
        // seconds facts too: "5" meant seconds there, milliseconds on stage.wall
        assertThatThrownBy(() -> RuleCatalog.load(when("{ fact: stage.tail.secondsLost, op: \">=\", value: 3 }")))
                .hasMessageContaining(":5: 'value: 3' on stage.tail.secondsLost (a time) needs a unit, e.g. 3s or 3000ms");
    }

    @Test
    void aBareNumberOnASizeIsRefusedAndZeroNeedsNoUnit() throws IOException {
        assertThatThrownBy(() -> RuleCatalog.load(when("{ fact: stage.spill.disk, op: \">=\", value: 100 }")))
                .hasMessageContaining(":5: 'value: 100' on stage.spill.disk (a size) needs a unit, e.g. 100MiB or 100B");
        assertThat(RuleCatalog.load(when("{ fact: stage.spill.disk, op: \">\", value: 0 }"))).hasSize(1);
    }

    @Test
    void unitsConvertToTheFactsUnit() throws IOException {
        Rule r = RuleCatalog.load(when("{ fact: stage.tail.secondsLost, op: \">=\", value: 2m }")).get(0);
        assertThat(((Condition.Compare) r.when()).threshold()).isEqualTo(120.0);
        r = RuleCatalog.load(when("{ fact: stage.spill.fractionOfData, op: \">=\", value: 10% }")).get(0);
        assertThat(((Condition.Compare) r.when()).threshold()).isEqualTo(0.1);
        // ratios and counts are plain numbers
        assertThatThrownBy(() -> RuleCatalog.load(when("{ fact: stage.dataSkew.ratio, op: \">=\", value: 5s }")))
                .hasMessageContaining(":5:").hasMessageContaining("plain ratio");
    }

    @Test
    void ladderStepsSayTheirComparison() throws IOException {
        Rule r = RuleCatalog.load(severity("{ fact: stage.wall, warning: \">= 10m\", critical: \">= 1h\" }")).get(0);
        assertThat(r.severity().base()).isEqualTo(Severity.INFO);
        assertThat(r.severity().warning()).hasValueSatisfying(w -> assertThat(w.threshold()).isEqualTo(600_000.0));
        assertThat(r.severity().critical()).hasValueSatisfying(c -> assertThat(c.op()).isEqualTo(Op.GE));

        Rule down = RuleCatalog.load(severity("{ base: warning, fact: stage.gc.fraction, critical: \"<= 2%\" }")).get(0);
        assertThat(down.severity().critical()).hasValueSatisfying(c -> assertThat(c.test(0.01)).isTrue());
    }

    @Test
    void theOldLadderWithoutComparisonsNamesTheNewSpelling() throws IOException {
        assertThatThrownBy(() -> RuleCatalog.load(severity("{ fact: stage.tail.secondsLost, warning: 10, critical: 60 }")))
                .hasMessageEndingWith("scheduling.yaml:6: 'warning: 10' needs a comparison and unit, e.g. warning: \">= 10s\"");
        // a ladder that counted down because warning was above critical
        assertThatThrownBy(() -> RuleCatalog.load(severity("{ fact: stage.gc.fraction, warning: 0.1, critical: 0.02 }")))
                .hasMessageContaining(":6: 'warning: 0.1' needs a comparison, e.g. warning: \"<= 0.1\"");
        assertThatThrownBy(() -> RuleCatalog.load(severity("{ fact: stage.wall, warning: \">= 10\" }")))
                .hasMessageContaining(":6: 'warning: \">= 10\"' on stage.wall (a time) needs a unit, e.g. 10s or 10000ms");
    }

    @Test
    void aWarningStepThatCanNeverMatterIsRefused() throws IOException {
        assertThatThrownBy(() -> RuleCatalog.load(severity("{ base: warning, fact: stage.wall, warning: \">= 10m\", critical: \">= 1h\" }")))
                .hasMessageContaining(":6: 'warning: \">= 10m\"' can never matter: the base is already warning");
        assertThatThrownBy(() -> RuleCatalog.load(severity("{ fact: stage.wall, warning: \">= 2h\", critical: \">= 1h\" }")))
                .hasMessageContaining(":6: 'warning: \">= 2h\"' can never matter: every value it holds for is already critical");
        assertThatThrownBy(() -> RuleCatalog.load(severity("{ base: critical, fact: stage.wall, critical: \">= 1h\" }")))
                .hasMessageContaining("write severity: critical");
        assertThatThrownBy(() -> RuleCatalog.load(severity("{ base: warning }")))
                .hasMessageContaining("a ladder needs a fact and a warning: or critical: step");
    }

    @Test
    void theFamilyIsTheFileOrOneTopLevelKey() throws IOException {
        assertThat(RuleCatalog.load(when("{ fact: stage.wall, op: \">=\", value: 10m }"))).singleElement()
                .satisfies(r -> assertThat(r.family()).isEqualTo("scheduling"));
        Path team = Files.writeString(dir.resolve("team.yaml"), """
                family: scheduling
                rules:
                  - id: acme.long-stage
                    scope: stage
                    title: "t"
                    when: { fact: stage.wall, op: ">=", value: 10m }
                    remedies: [ { text: "r" } ]
                """);
        assertThat(RuleCatalog.load(team)).singleElement().satisfies(r -> assertThat(r.family()).isEqualTo("scheduling"));
    }

    @Test
    void aFamilyPerRuleIsTheOldFormatAndSaysSo() throws IOException {
        Path old = Files.writeString(dir.resolve("team.yaml"), """
                rules:
                  - id: acme.long-stage
                    family: scheduling
                    scope: stage
                """);
        assertThatThrownBy(() -> RuleCatalog.load(old))
                .hasMessageContaining("team.yaml:3: 'family:' no longer goes in each rule")
                .hasMessageContaining("'family: scheduling' at the top of the file");
    }

    @Test
    void aFileWithoutAFamilyOrWithTheWrongOneIsRefused() throws IOException {
        Path none = rule("team.yaml", "{ fact: stage.wall, op: \">=\", value: 10m }", "info");
        assertThatThrownBy(() -> RuleCatalog.load(none)).hasMessageContaining("team.yaml:2: rule scheduling.long-stage has no family");
        Path wrong = rule("skew.yaml", "{ fact: stage.wall, op: \">=\", value: 10m }", "info");
        assertThatThrownBy(() -> RuleCatalog.load(wrong))
                .hasMessageContaining("skew.yaml:2: rule id 'scheduling.long-stage' names family scheduling, but this file holds skew rules");
        Path contradiction = Files.writeString(dir.resolve("spill.yaml"), "family: skew\nrules: []\n");
        assertThatThrownBy(() -> RuleCatalog.load(contradiction)).hasMessageContaining("spill.yaml:1: family skew in a file named after family spill");
    }

    @Test
    void secondsLostTakesAnyTimeFactAndOnlyATime() throws IOException {
        Path wall = rule("scheduling.yaml", "{ fact: stage.wall, op: \">=\", value: 10m }", "info\n    secondsLost: stage.wall");
        assertThat(RuleCatalog.load(wall).get(0).secondsLost()).hasValue(FactCatalog.require("stage.wall"));
        Path size = rule("scheduling.yaml", "{ fact: stage.wall, op: \">=\", value: 10m }", "info\n    secondsLost: stage.spill.disk");
        assertThatThrownBy(() -> RuleCatalog.load(size)).hasMessageContaining("secondsLost: stage.spill.disk is a size, not a time");
    }

    @Test
    void ruleTestsInAFolderAreNotRules() throws IOException {
        when("{ fact: stage.wall, op: \">=\", value: 10m }");
        Files.writeString(dir.resolve("scheduling.test.yaml"), "tests: []\n");
        assertThat(RuleCatalog.load(dir)).extracting(Rule::id).isEqualTo(List.of("scheduling.long-stage"));
    }
}
