package dev.sparkdoc.report;

import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.fleet.FleetEntry;
import dev.sparkdoc.fleet.FleetRun;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.StageNames;
import dev.sparkdoc.testing.Snapshots;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The fleet's verdict names the worst finding of the run and its application, not the top row of
 * the table (ranked by time lost), and never says "ok" of applications it could not read.
 */
class FleetVerdictTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    private static Finding finding(String rule, Severity severity, String title, double lost) {
        return new Finding(rule, rule.substring(0, rule.indexOf('.')), severity, title, new Scope(ScopeKind.APP, "app", ""),
                lost, 1.0, List.of(), List.of(new Remedy("Look", Map.of(), Optional.empty())), "", "");
    }

    private static FleetEntry read(String id, Finding... findings) {
        AppSnapshot snapshot = Snapshots.app().named(id, id).build();
        Diagnosis d = new Diagnosis(snapshot, List.of(findings), Optional.empty(), StageNames.of(snapshot), dev.sparkdoc.facts.FactSet.NONE);
        return new FleetEntry(listed(id), Optional.of(d), List.of(findings), Optional.empty());
    }

    private static FleetEntry unreadable(String id) {
        return new FleetEntry(listed(id), Optional.empty(), List.of(), Optional.of("HTTP 500 from /api/v1/applications/" + id + "/jobs"));
    }

    private static ListedApplication listed(String id) {
        return new ListedApplication(id, Optional.empty(), id, Optional.of("3.5.1"), T0, Optional.of(T0.plusSeconds(900)), true);
    }

    private static FleetReport report(FleetEntry... ranked) {
        return FleetReport.of(new FleetRun("http://shs:18080", T0, Optional.empty(), 20, Severity.WARNING, List.of(ranked), 10),
                "test", 3);
    }

    @Test
    void theWorstNamedIsTheMostSevereFindingOfItsAppNotTheTopRow() {
        // the table ranks the cancelled job first (10 minutes lost), yet the critical finding is the other app's
        FleetReport r = report(
                read("app-cancelled", finding("errors-during.job-cancelled", Severity.WARNING, "Job 1500 was cancelled", 600)),
                read("app-lost", finding("executors.lost", Severity.CRITICAL, "4 executors lost", 30),
                        finding("skew.stage-task-time", Severity.WARNING, "Data skew in stage 3", 20)),
                read("app-fine"));

        assertThat(r.verdict().worstSeverity()).contains(Severity.CRITICAL);
        assertThat(r.verdict().outcome()).isEqualTo(FleetReport.Outcome.COMPLETE);
        assertThat(r.verdict().summary()).isEqualTo("2 of 3 applications at warning or above; worst: 4 executors lost in app-lost");
        assertThat(FleetText.lines(r, Theme.PLAIN, 120).get(0))
                .isEqualTo("CRITICAL: 2 of 3 applications at warning or above; worst: 4 executors lost in app-lost");
    }

    @Test
    void nothingReadIsUnreadableNeverOk() throws IOException {
        FleetReport r = report(unreadable("app-1"), unreadable("app-2"));

        assertThat(r.verdict().outcome()).isEqualTo(FleetReport.Outcome.UNREADABLE);
        assertThat(r.verdict().worstSeverity()).isEmpty();
        assertThat(FleetText.lines(r, Theme.PLAIN, 80).get(0)).isEqualTo("UNREADABLE: none of the 2 applications could be read");
        JsonNode verdict = Json.mapper().readTree(FleetJson.render(r)).get("verdict");
        assertThat(verdict.get("outcome").asText()).isEqualTo("unreadable");
        assertThat(verdict.has("worstSeverity")).isFalse();
    }

    @Test
    void aPartialReadSaysHowManyCouldNotBeRead() {
        FleetReport r = report(read("app-fine"), unreadable("app-2"), unreadable("app-3"));

        assertThat(r.verdict().outcome()).isEqualTo(FleetReport.Outcome.PARTIAL);
        assertThat(r.verdict().worstSeverity()).contains(Severity.OK);
        assertThat(r.verdict().summary()).isEqualTo("nothing at warning or above in 1 application read; 2 of 3 could not be read");
    }
}
