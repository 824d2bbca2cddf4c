package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.InForce;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.signals.TimeSignals;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The account's parts shared among the findings that claim them, and the few-seconds floor, on hand-made accounts. */
class CostAllocationTest {

    /** An app of 100 s wall (10 driver only, 0 waiting, 90 running) offering 400 slot-s: 4 slots on average. */
    private static ScopeFacts app(Map<String, Double> slotPartsMs) {
        Map<Fact, Double> values = new HashMap<>();
        values.put(TimeSignals.part("driverOnly").orElseThrow(), 10_000.0);
        values.put(TimeSignals.part("waiting").orElseThrow(), 0.0);
        values.put(TimeSignals.part("stagesRunning").orElseThrow(), 90_000.0);
        values.put(TimeSignals.SLOTS_OFFERED, 400_000.0);
        slotPartsMs.forEach((id, ms) -> values.put(TimeSignals.part(id).orElseThrow(), ms));
        return new ScopeFacts(new Scope(ScopeKind.APP, "app-1", "app"), values, Map.of(), Optional.empty(), InForce.NONE);
    }

    private static Finding claim(String rule, String scope, double seconds, Optional<String> part, boolean fatal) {
        return claim(rule, scope, seconds, part, fatal, Severity.WARNING, false);
    }

    private static Finding claim(String rule, String scope, double seconds, Optional<String> part, boolean fatal, Severity severity,
            boolean open) {
        return new Finding(rule, "executor-memory", severity, rule + " on " + scope, new Scope(ScopeKind.STAGE, scope, ""),
                seconds, true, 1.0, List.of(), List.of(), "", List.of(), "", List.of(), List.of(), Optional.empty(), part, fatal, open);
    }

    @Test
    void findingsOnOnePartShareItCostliestFirstAndNeverSumAboveIt() {
        // 20 slot-s of GC: at most 20 s of the app's wall time
        ScopeFacts app = app(Map.of("gc", 20_000.0));
        List<Finding> in = List.of(claim("a", "1.0", 12, Optional.of("gc"), false), claim("b", "2.0", 15, Optional.of("gc"), false),
                claim("c", "3.0", 4, Optional.of("gc"), false));

        List<Finding> out = CostAllocation.allocate(in, Optional.of(app));

        assertThat(out).extracting(Finding::rule).as("the order given is kept").containsExactly("a", "b", "c");
        assertThat(out.get(1).secondsLost()).as("the costliest gets all it claims").isEqualTo(15.0);
        assertThat(out.get(0).secondsLost()).as("the next what is left").isEqualTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(out.get(2).secondsLost()).as("nothing is left for the last").isZero();
        assertThat(out.stream().mapToDouble(Finding::secondsLost).sum()).isLessThanOrEqualTo(20.0 + 1e-9);
    }

    @Test
    void aWallPartHoldsItsOwnSecondsAndTwoPartsDoNotTakeFromEachOther() {
        ScopeFacts app = app(Map.of("gc", 8_000.0));
        List<Finding> out = CostAllocation.allocate(List.of(claim("driver", "app", 30, Optional.of("driverOnly"), false),
                claim("gc", "1.0", 30, Optional.of("gc"), false)), Optional.of(app));

        assertThat(out.get(0).secondsLost()).as("10 s of driver-only time").isEqualTo(10.0);
        assertThat(out.get(1).secondsLost()).as("8 slot-s: at most 8 s").isEqualTo(8.0);
    }

    @Test
    void aFindingOfNoPartIsBoundedByTheWallTimeAloneAndWithoutAnAccountNothingIsCut() {
        ScopeFacts app = app(Map.of());
        assertThat(CostAllocation.allocate(List.of(claim("crash", "app", 500, Optional.empty(), true)), Optional.of(app)).get(0).secondsLost())
                .isEqualTo(100.0);
        assertThat(CostAllocation.allocate(List.of(claim("gc", "1.0", 500, Optional.of("gc"), false)), Optional.empty()).get(0).secondsLost())
                .isEqualTo(500.0);
    }

    @Test
    void fewSecondsAreInfoUnlessAFailureEndedTheScopeOrTheCostIsUnknown() {
        Optional<Double> wall = Optional.of(100.0);
        // 2 % of 100 s is 2 s: the relative floor binds first
        assertThat(FewSeconds.isFew(claim("r", "1.0", 1.9, Optional.of("gc"), false), wall)).isTrue();
        assertThat(FewSeconds.isFew(claim("r", "1.0", 2.1, Optional.of("gc"), false), wall)).as("over 2 % of the wall").isFalse();
        // an hour: 2 % is 72 s, so the absolute 5 s binds
        assertThat(FewSeconds.isFew(claim("r", "1.0", 4.9, Optional.of("gc"), false), Optional.of(3600.0))).isTrue();
        assertThat(FewSeconds.isFew(claim("r", "1.0", 6, Optional.of("gc"), false), Optional.of(3600.0))).isFalse();
        assertThat(FewSeconds.isFew(claim("r", "1.0", 0.1, Optional.of("failed"), true), wall)).as("a failed job stays a failure").isFalse();
        Finding unmeasured = new Finding("m", "executor-memory", Severity.WARNING, "limit", new Scope(ScopeKind.EXECUTOR, "1", ""), 0, false,
                1.0, List.of(), List.of(), "", List.of(), "", List.of(), List.of(), Optional.empty());
        assertThat(FewSeconds.isFew(unmeasured, wall)).as("a cost not measured is not a small cost").isFalse();

        assertThat(FewSeconds.isFew(claim("r", "1.0", 0.5, Optional.of("gc"), false, Severity.WARNING, true), wall))
                .as("a stage still running: its seconds so far are not its stake").isFalse();

        Optional<ScopeFacts> app = Optional.of(app(Map.of("gc", 500.0)));
        List<Finding> demoted = FewSeconds.demote(List.of(claim("r", "1.0", 0.5, Optional.of("gc"), false)), wall, app);
        assertThat(demoted.get(0).severity()).isEqualTo(Severity.INFO);
        List<Finding> unknownPart = FewSeconds.demote(List.of(claim("r", "1.0", 0.5, Optional.of("failed"), false)), wall, app);
        assertThat(unknownPart.get(0).severity()).as("its part not measured: the rule's estimate is unchecked").isEqualTo(Severity.WARNING);
    }

    @Test
    void aPartTheAccountDidNotMeasureBoundsNothing() {
        // the account measured GC but not failed attempts (no fact): the failure keeps the rule's own estimate
        ScopeFacts app = app(Map.of("gc", 2_000.0));
        List<Finding> out = CostAllocation.allocate(List.of(claim("lost", "1", 30, Optional.of("failed"), false),
                claim("gc", "1", 30, Optional.of("gc"), false)), Optional.of(app));

        assertThat(out.get(0).secondsLost()).isEqualTo(30.0);
        assertThat(out.get(1).secondsLost()).isEqualTo(2.0);
    }

    @Test
    void aCriticalFailureThatEndedItsScopeLeadsTheRankingHoweverLittleItCost() {
        List<Finding> ranked = new java.util.ArrayList<>(List.of(claim("skew", "1.0", 18, Optional.of("idle.tail"), false),
                claim("job-failed", "2.0", 0.1, Optional.of("failed"), true, Severity.CRITICAL, false),
                claim("job-cancelled", "3.0", 2, Optional.empty(), true)));
        ranked.sort(RuleEngine.RANKING);
        assertThat(ranked).extracting(Finding::rule).as("a warning that ended its scope is ranked by its cost")
                .containsExactly("job-failed", "skew", "job-cancelled");
    }
}
