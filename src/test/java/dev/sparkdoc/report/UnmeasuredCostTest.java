package dev.sparkdoc.report;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A rule with no measure of what its problem costs (AQE off: the saving is shuffle work no fact
 * times) must not read as free: "time lost not measured", not "0 ms lost", beside a skew finding
 * whose cost is measured.
 */
class UnmeasuredCostTest {

    private static Diagnosis aqeOffWithSkew() {
        var skewed = stage(3).name("join at Job.scala:12").wall(300).shuffleWrite(4L << 30)
                .quantiles(TaskMetric.DURATION, q(2_000, 200_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(10 << 20, 2_000L << 20));
        return Diagnosis.of(Snapshots.app().version("3.5.1").conf("spark.sql.adaptive.enabled", "false")
                .job(new Job(0, "job 0", Optional.empty(), Optional.empty(), JobStatus.SUCCEEDED, Optional.of(T0),
                        Optional.of(T0.plusSeconds(300)), List.of(3), TaskCounts.NONE, 0, 1, 0, 0, Optional.of(7L), Optional.empty()))
                .sql(new SqlExecution(7, "query 7", "COMPLETED", Optional.of(T0), 300_000, List.of(), List.of(0), List.of(),
                        List.of(), List.of(), Optional.empty(), Map.of()))
                .stage(skewed).build(), RuleCatalog.builtIn());
    }

    private static Finding rule(Diagnosis d, String id) {
        return d.findings().stream().filter(f -> f.rule().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id + " did not fire"));
    }

    @Test
    void aFindingWithoutACostMeasureSaysSoInTextAndJson() {
        Diagnosis d = aqeOffWithSkew();
        Finding aqe = rule(d, "config.aqe-off");
        Finding skew = rule(d, "skew.stage-task-time");
        assertThat(aqe.severity()).isEqualTo(Severity.WARNING);
        assertThat(aqe.costMeasured()).isFalse();
        assertThat(skew.costMeasured()).isTrue();
        assertThat(skew.secondsLost()).isPositive();

        TriageReport report = TriageReport.of(d, "test", Severity.INFO, 50);
        String text = String.join("\n", TriageText.lines(report, Theme.PLAIN, 100, 0));
        assertThat(text).contains("config · app app-test \"test app\" · time lost not measured")
                .doesNotContain("0 ms lost").contains("3 min 18 s lost");
        assertThat(TriageJson.render(report)).contains("\"costMeasured\" : false").contains("\"costMeasured\" : true");
    }
}
