package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.firstaid.Remedy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FindingGroupsTest {

    private static Finding skew(String stage, Severity severity, double lost) {
        return new Finding("skew.stage-task-time", "skew", severity, "Data skew in stage " + stage, new Scope(ScopeKind.STAGE, stage + ".0",
                "collect at Etl.scala:42"), lost, 0.8, List.of(), List.of(new Remedy("Spread the data", Map.of(), Optional.empty())), "", "");
    }

    @Test
    void oneRuleOnManyStagesOfOneQueryIsOneFindingWithTheListAndTheSum() {
        FindingGroups groups = new FindingGroups();
        groups.add(skew("3", Severity.WARNING, 4), Optional.of("\"collect at Etl.scala:42\""));
        groups.add(skew("5", Severity.CRITICAL, 9), Optional.of("\"collect at Etl.scala:42\""));
        groups.add(skew("8", Severity.WARNING, 2), Optional.of("\"collect at Etl.scala:42\""));
        groups.add(skew("9", Severity.WARNING, 7), Optional.of("query 4"));

        List<Finding> out = groups.findings(Optional.empty());

        assertThat(out).hasSize(2);
        Finding grouped = out.get(0);
        assertThat(grouped.scope().id()).as("the costliest stage speaks for the group").isEqualTo("5.0");
        assertThat(grouped.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(grouped.secondsLost()).isEqualTo(15.0);
        assertThat(grouped.alsoIn()).extracting(Scope::id).containsExactly("3.0", "8.0");
        assertThat(grouped.where()).isEqualTo("stage 5 and 2 more stages of \"collect at Etl.scala:42\"");
        assertThat(grouped.alsoInList(1)).isEqualTo("3 and 1 more");
        assertThat(out.get(1).alsoIn()).isEmpty();
        assertThat(out.get(1).where()).isEqualTo("stage 9 (attempt 0) \"collect at Etl.scala:42\"");
    }

    @Test
    void oneCodeSiteRunWithOtherNumbersIsOneGroupNamedByItsCostliestRun() {
        FindingGroups groups = new FindingGroups();
        groups.add(skew("3", Severity.WARNING, 4), Optional.of("\"skewed join (round 1)\""));
        groups.add(skew("7", Severity.WARNING, 6), Optional.of("\"skewed join (round 2)\""));

        Finding f = groups.findings(Optional.empty()).get(0);
        assertThat(f.alsoIn()).extracting(Scope::id).containsExactly("3.0");
        assertThat(f.group()).contains("\"skewed join (round 2)\"");

        FindingGroups sites = new FindingGroups();
        sites.add(skew("3", Severity.WARNING, 4), Optional.of("\"map at Etl.scala:42\""));
        sites.add(skew("7", Severity.WARNING, 6), Optional.of("\"map at Etl.scala:57\""));
        assertThat(sites.findings(Optional.empty())).as("two lines of code are two sites").hasSize(2);
        assertThat(FindingGroups.site("query 7")).as("an id is not a parameter").isEqualTo("query 7");
    }

    @Test
    void theSumNeverExceedsTheApplicationsWallTime() {
        FindingGroups groups = new FindingGroups();
        groups.add(skew("1", Severity.WARNING, 40), Optional.of("query 1"));
        groups.add(skew("2", Severity.WARNING, 40), Optional.of("query 1"));

        assertThat(groups.findings(Optional.of(50.0)).get(0).secondsLost()).isEqualTo(50.0);
    }

    @Test
    void failuresStayOneLineEach() {
        FindingGroups groups = new FindingGroups();
        Finding a = new Finding("errors-during.task-failures", "errors-during", Severity.CRITICAL, "NullPointerException in stage 1",
                new Scope(ScopeKind.STAGE, "1.0", ""), 3, 1, List.of(), List.of(), "", "");
        Finding b = new Finding("errors-during.task-failures", "errors-during", Severity.CRITICAL, "IOException in stage 2",
                new Scope(ScopeKind.STAGE, "2.0", ""), 3, 1, List.of(), List.of(), "", "");
        groups.add(a, Optional.of("query 1"));
        groups.add(b, Optional.of("query 1"));

        assertThat(groups.findings(Optional.empty())).containsExactly(a, b);
    }

    @Test
    void oneFailureOnSeveralStagesIsOneFindingWhateverItsNumbers() {
        FindingGroups groups = new FindingGroups();
        Finding a = new Finding("errors-during.task-failures", "errors-during", Severity.WARNING, "Tasks of stage 1 failed",
                new Scope(ScopeKind.STAGE, "1.0", ""), 3, 1, List.of(), List.of(), "", "");
        Finding b = new Finding("errors-during.task-failures", "errors-during", Severity.WARNING, "Tasks of stage 2 failed",
                new Scope(ScopeKind.STAGE, "2.0", ""), 5, 1, List.of(), List.of(), "", "");
        Finding c = new Finding("errors-during.task-failures", "errors-during", Severity.WARNING, "Tasks of stage 3 failed",
                new Scope(ScopeKind.STAGE, "3.0", ""), 1, 1, List.of(), List.of(), "", "");
        groups.add(a, Optional.of("query 1"), Optional.of("UnknownReason: lost task 0.0 on 10.0.0.5:40123"));
        groups.add(b, Optional.of("query 2"), Optional.of("UnknownReason: lost task 3.1 on 10.0.0.7:40999"));
        groups.add(c, Optional.of("query 2"), Optional.of("IOException: disk 0x7f full"));

        List<Finding> out = groups.findings(Optional.empty());

        assertThat(out).hasSize(2);
        Finding unknown = out.stream().filter(f -> f.scope().id().equals("2.0")).findFirst().orElseThrow();
        assertThat(unknown.alsoIn()).extracting(Scope::id).containsExactly("1.0");
        assertThat(unknown.secondsLost()).isEqualTo(8.0);
        assertThat(unknown.where()).isEqualTo("stage 2 and 1 more stage");
    }

    @Test
    void oneRuleOnSeveralExecutorsIsOneCause() {
        FindingGroups groups = new FindingGroups();
        for (String id : List.of("1", "2", "3")) {
            groups.add(new Finding("executor-memory.gc", "executor-memory", Severity.WARNING, "GC on executor " + id,
                    new Scope(ScopeKind.EXECUTOR, id, "executor " + id), 30 + Integer.parseInt(id), 1, List.of(), List.of(), "", ""),
                    Optional.empty());
        }

        List<Finding> out = groups.findings(Optional.of(60.0));

        assertThat(out).hasSize(1);
        assertThat(out.get(0).scope().id()).isEqualTo("3");
        assertThat(out.get(0).alsoIn()).extracting(Scope::id).containsExactly("2", "1");
        assertThat(out.get(0).secondsLost()).as("the sum, bounded by the wall time").isEqualTo(60.0);
    }
}
