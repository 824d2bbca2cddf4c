package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.signals.TimeSignals;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.testing.RealLogs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every real event log we have, diagnosed: each finding's seconds fall within its part of the
 * time account, the findings on one part sum to at most that part, none claims more than the wall
 * time, no share shows above 100 %, and no line has an empty placeholder. The shared fixtures
 * (../shared/fixtures, beside the clone) count when present.
 */
class RealLogCostTest {

    private static final List<String> ROOTS = List.of("examples", "src/test/resources/spark/eventlogs",
            "src/test/resources/public-eventlogs", "src/test/resources/spark-upstream/spark-events",
            "src/test/resources/spark-upstream/sql-spark-events", "../shared/fixtures");
    private static final List<Rule> RULES = RuleCatalog.builtIn();

    static Stream<String> logs() throws IOException {
        return RealLogs.under(ROOTS);
    }

    @ParameterizedTest
    @MethodSource("logs")
    void findingsShareTheAccountWithoutClaimingASecondTwice(String log) {
        AppSnapshot snapshot = read(log);
        Diagnosis d = Diagnosis.of(snapshot, RULES);
        ScopeFacts app = d.facts().app();
        OptionalDouble slotMs = app.value(TimeSignals.SLOTS_OFFERED);
        double wallMs = TimeSignals.wallParts().stream().mapToDouble(p -> app.value(p).orElse(Double.NaN)).sum();
        assumeTrue(!Double.isNaN(wallMs) && slotMs.isPresent(), "no account: nothing to share");

        Map<String, Double> claimed = new HashMap<>();
        for (Finding f : d.findings()) {
            assertThat(f.secondsLost()).as(f.rule()).isBetween(0.0, wallMs / 1000 + 1e-6);
            f.part().ifPresent(id -> claimed.merge(id, f.secondsLost(), Double::sum));
            assertNoGap(f);
            for (Finding.Evidence e : f.evidence()) {
                if (e.of().unit() == FactUnit.FRACTION && e.display().endsWith("%")) {
                    assertThat(Double.parseDouble(e.display().replace("%", ""))).as(f.rule() + " " + e.fact()).isLessThanOrEqualTo(100.0);
                }
            }
        }
        if (snapshot.source().complete() && snapshot.stages().stream().noneMatch(st -> st.tasks().active() > 0)) {
            // a whole event log whose tasks all ended has every task's metrics: no part may escape its bound as "not measured"
            assertThat(TimeSignals.partIds()).as("parts measured in " + log)
                    .allSatisfy(id -> assertThat(app.value(TimeSignals.part(id).orElseThrow())).as(id).isPresent());
        }
        claimed.forEach((id, seconds) -> {
            Fact part = TimeSignals.part(id).orElseThrow();
            // a part the account could not measure bounds nothing (its fact is absent)
            app.value(part).ifPresent(ms ->
                    // a slot part's slot-seconds bound the wall seconds its findings claim (CostAllocation says why)
                    assertThat(seconds).as("findings on " + id + " in " + log).isLessThanOrEqualTo(ms / 1000 + 1e-6));
        });
    }

    private static void assertNoGap(Finding f) {
        List<String> lines = new ArrayList<>(List.of(f.title(), f.verify()));
        f.evidence().forEach(e -> lines.add(e.display()));
        for (Remedy r : f.remedies()) {
            lines.add(r.text());
            r.why().ifPresent(lines::add);
        }
        for (String line : lines) {
            assertThat(line).as(f.rule() + ": " + line).doesNotContainPattern("\\{[a-zA-Z0-9_.]+(:[a-z]+)?}")
                    .doesNotContainPattern("(^|[\\s(:=])\\?($|[\\s),.;:])").doesNotContain(" on : ").doesNotContain("executor  ");
        }
    }

    private static AppSnapshot read(String log) {
        try {
            return new EventLogSource(Path.of(log)).read();
        } catch (RuntimeException e) {
            assumeTrue(false, "not a readable event log: " + e.getMessage());
            throw e;
        }
    }
}
