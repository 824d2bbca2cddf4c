package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.rules.catalog.CatalogAssert.remedyTexts;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

/**
 * stragglers.speculation-races: the slot time of the attempts that lost a speculative race (the
 * time account's speculationLost part), the copies that won and where their originals ran.
 */
class SpeculationRacesTest {

    private static final String RULE = "stragglers.speculation-races";

    /** 100 tasks of a 2 s median; ten copies that ran a minute for nothing, two originals that lost to their copies on executor 3. */
    private static Snapshots races() {
        return Snapshots.app().conf("spark.speculation", "true")
                .stage(stage(4).wall(300).tasks(100, 100)
                        .raceLost(1, "1", 60_000, true).raceLost(2, "1", 60_000, true).raceLost(3, "2", 60_000, true)
                        .raceLost(4, "1", 60_000, true).raceLost(5, "2", 60_000, true).raceLost(6, "1", 60_000, true)
                        .raceLost(7, "2", 60_000, true).raceLost(8, "1", 60_000, true)
                        .raceLost(20, "3", 50_000, false).raceLost(21, "3", 30_000, false));
    }

    @Test
    void copiesThatLostAMinuteOverTheSlotsWarnAndTheWinnersNameTheSlowNode() {
        Finding f = fires(races(), RULE, "app-test", "scheduling.idle-slots");

        assertThat(f.title()).isEqualTo("Speculation: 10 task attempt(s) lost their race and wasted 9 min 20 s of slot time");
        // 560 s of slot time over the 8 slots is 70 s (the stage ran 760 s of tasks on 8 slots in 300 s: idle-slots fires too)
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.secondsLost()).isEqualTo(70.0);
        // the originals that lost ran on executor 3: the slow node
        // each original ran 50 s and 30 s up to the kill, each copy the stage's 2 s median: 48 s + 28 s
        assertThat(remedyTexts(f)).contains("2 copies won their race, saving about 1 min 16 s: the originals they beat ran on the slow"
                + " node, executor 3 on host-3 (2 attempts)");
        // Spark 4.0's defaults: multiplier 3, quantile 0.9, minTaskRuntime 100ms; the copies ran a minute
        assertThat(conf(f, "spark.speculation.multiplier")).isEqualTo("6");
        assertThat(conf(f, "spark.speculation.quantile")).isEqualTo("0.95");
        assertThat(conf(f, "spark.speculation.minTaskRuntime")).isEqualTo("60000ms");
    }

    @Test
    void whatTheAppAlreadyRunsWithIsNeverProposedAgain() {
        Finding f = fires(races().conf("spark.speculation.multiplier", "5").conf("spark.speculation.quantile", "0.97")
                .conf("spark.speculation.minTaskRuntime", "2min"), RULE, "app-test", "scheduling.idle-slots");

        assertThat(conf(f, "spark.speculation.multiplier")).isEqualTo("10");
        assertThat(f.remedies()).noneMatch(r -> r.conf().containsKey("spark.speculation.quantile"))
                .noneMatch(r -> r.conf().containsKey("spark.speculation.minTaskRuntime"));
    }

    @Test
    void killsWithSpeculationOffAreNoRace() {
        quiet(Snapshots.app().stage(stage(4).wall(300).tasks(100, 100).raceLost(1, "1", 60_000, true)), RULE);
    }

    @Test
    void theRealLogsOneLostCopyIsInfoAndItsSlotTimeIsTheAccountsPart() {
        AppSnapshot s = read("src/test/resources/spark-upstream/spark-events/application_1628109047826_1317105");
        Diagnosis d = Diagnosis.of(s, RuleCatalog.builtIn());
        Finding f = d.findings().stream().filter(x -> x.rule().equals(RULE)).findFirst().orElseThrow();
        Fact lost = FactCatalog.require("app.speculation.lostTaskTime");
        Fact part = FactCatalog.require("app.slots.speculationLost");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        // the log's one TaskKilled speculative attempt: task 3.1 on executor 7, 53.2 s
        assertThat(f.title()).isEqualTo("Speculation: 1 task attempt(s) lost their race and wasted 53.2 s of slot time");
        assertThat(remedyTexts(f)).doesNotContain("copies won");
        assertThat(d.facts().app().value(lost).orElseThrow()).isEqualTo(d.facts().app().value(part).orElseThrow());
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.display()).contains("executor 7 on host-12291 (1 attempt)"));
    }

    private static AppSnapshot read(String log) {
        try (SnapshotSource source = Sources.open(TargetParser.parse(log), AppSelector.ANY, HttpOptions.DEFAULT)) {
            return source.read();
        }
    }
}
