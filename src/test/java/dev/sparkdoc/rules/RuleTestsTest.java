package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rule tests in YAML: facts in, fires or silent, severity, seconds lost and title out; one line per failing case. */
class RuleTestsTest {

    @TempDir
    Path dir;

    private List<RuleTests.Outcome> run(String yaml) throws IOException {
        Path file = Files.writeString(dir.resolve("skew.test.yaml"), yaml);
        return RuleTests.load(file, RuleCatalog.builtIn()).stream().map(RuleTests::run).toList();
    }

    private static final String SKEWED = """
                  stage.tasks.completed: 100
                  stage.duration.maxOverP50: 25
                  stage.data.skewed: true
                  stage.data.compared: "800 KiB of shuffle read against the median's 40 KiB"
                  stage.duration.max: 50s
                  stage.duration.p50: 2s
                  stage.tail.secondsLost: 48s
            """;

    @Test
    void aCaseThatHoldsPasses() throws IOException {
        List<RuleTests.Outcome> out = run("""
                tests:
                  - name: skew
                    rule: skew.stage-task-time
                    scope: { id: "3.0" }
                    facts:
                """ + SKEWED + """
                    fires: true
                    severity: warning
                    secondsLost: 48s
                    title: "Data skew in stage 3: the slowest task took 50.0 s against a 2.0 s median, with 800 KiB of shuffle read against the median's 40 KiB"
                """);
        assertThat(out).singleElement().satisfies(o -> assertThat(o.passed()).as(o.line()).isTrue());
    }

    @Test
    void eachWrongExpectationIsNamedOnTheCasesLine() throws IOException {
        List<RuleTests.Outcome> out = run("""
                tests:
                  - name: skew
                    rule: skew.stage-task-time
                    facts:
                """ + SKEWED + """
                    fires: true
                    severity: critical
                    secondsLost: 1m
                  - name: not skew
                    rule: skew.stage-task-time
                    facts:
                """ + SKEWED + """
                    fires: false
                  - name: silent
                    rule: skew.stage-task-time
                    facts:
                      stage.tasks.completed: 100
                      stage.data.skewed: false
                    fires: true
                """);
        assertThat(out).extracting(RuleTests.Outcome::line).containsExactly(
                dir.resolve("skew.test.yaml") + ":2: skew.stage-task-time \"skew\": fired with severity warning, expected critical;"
                        + " secondsLost 48s, expected 1m",
                dir.resolve("skew.test.yaml") + ":15: skew.stage-task-time \"not skew\": expected it to stay silent, it fired: warning,"
                        + " 48.0 s lost: Data skew in stage 1: the slowest task took 50.0 s against a 2.0 s median, with 800 KiB of shuffle read"
                        + " against the median's 40 KiB",
                dir.resolve("skew.test.yaml") + ":26: skew.stage-task-time \"silent\": expected it to fire, it stayed silent:"
                        + " stage.duration.maxOverP50 not given, stage.data.skewed = no (needs == true), stage.duration.max not given,"
                        + " stage.tail.secondsLost not given, stage.query.groupsOnly not given, stage.skew.nullKeys not given");
    }

    @Test
    void fixesAreCheckedAgainstTheSettingsTheCaseGives() throws IOException {
        List<RuleTests.Outcome> out = run("""
                tests:
                  - name: skew join off
                    rule: skew.stage-task-time
                    facts:
                """ + SKEWED + """
                      stage.aqe.skewJoin.wouldSplit: true
                    settings: { spark.sql.adaptive.skewJoin.enabled: "false" }
                    fires: true
                    proposes: { spark.sql.adaptive.skewJoin.enabled: "true" }
                    inForce: ["spark.sql.adaptive.skewJoin.enabled = false (set by the app)"]
                  - name: wrong expectations
                    rule: skew.stage-task-time
                    facts:
                """ + SKEWED + """
                      stage.aqe.skewJoin.wouldSplit: true
                    settings: { spark.sql.adaptive.skewJoin.enabled: "false" }
                    fires: true
                    proposes: { spark.sql.adaptive.skewJoin.enabled: "false" }
                    doesNotPropose: [spark.sql.adaptive.skewJoin.enabled]
                    remedyText: ["salt the hot key"]
                """);
        assertThat(out.get(0).passed()).as(out.get(0).line()).isTrue();
        assertThat(out.get(1).line()).contains("no remedy sets spark.sql.adaptive.skewJoin.enabled=false (one sets true)")
                .contains("a remedy sets spark.sql.adaptive.skewJoin.enabled=true, expected none to")
                .contains("no remedy says \"salt the hot key\"");
    }

    @Test
    void factsNeedTheirUnitsAndTheirScope() throws IOException {
        assertThatThrownBy(() -> run("""
                tests:
                  - name: bare
                    rule: skew.stage-task-time
                    facts:
                      stage.duration.max: 50
                    fires: false
                """)).hasMessageContaining("skew.test.yaml:5: 'stage.duration.max: 50' (a time) needs a unit, e.g. 50s or 50000ms");
        assertThatThrownBy(() -> run("""
                tests:
                  - name: other scope
                    rule: skew.stage-task-time
                    facts:
                      executor.gc.fraction: 0.5
                    fires: false
                """)).hasMessageContaining("skew.test.yaml:5: fact 'executor.gc.fraction' belongs to scope executor, not stage");
    }

    @Test
    void unknownRulesAndMisplacedExpectationsAreCaught() throws IOException {
        assertThatThrownBy(() -> run("""
                tests:
                  - name: typo
                    rule: skew.stage-task-tme
                    facts: {}
                    fires: false
                """)).hasMessageContaining("skew.test.yaml:3: no rule 'skew.stage-task-tme' (did you mean skew.stage-task-time?)");
        assertThatThrownBy(() -> run("""
                tests:
                  - name: silent with a severity
                    rule: skew.stage-task-time
                    facts: {}
                    fires: false
                    severity: warning
                """)).hasMessageContaining("skew.test.yaml:6: 'severity:' is what a firing rule reports: only with fires: true");
    }

    @Test
    void appFactsAreTheFallbackOfTheScope() throws IOException {
        List<RuleTests.Outcome> out = run("""
                tests:
                  - name: broadcast off, a config fact beside a query fact
                    rule: config.broadcast-off
                    facts:
                      config.broadcastDisabled: true
                      app.sql.sortMergeJoins: 2
                    fires: true
                    severity: info
                """);
        assertThat(out).singleElement().satisfies(o -> assertThat(o.passed()).as(o.line()).isTrue());
    }
}
