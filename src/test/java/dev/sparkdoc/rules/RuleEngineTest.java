package dev.sparkdoc.rules;

import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleEngineTest {

    private static final List<Rule> RULES = RuleCatalog.builtIn();

    @Test
    void healthyApplicationHasNothingAtWarningOrAbove() {
        Diagnosis d = Diagnosis.of(Snapshots.app().stage(stage(0)).stage(stage(1)).build(), RULES);
        assertThat(d.atLeast(Severity.WARNING)).isEmpty();
    }

    @Test
    void findingsRankBySecondsLostAndExplainEveryLeaf() {
        // two stages of two code sites: two findings, ranked (one site's stages would be one finding)
        var skewed = stage(3).name("join at Job.scala:12").wall(300)
                .quantiles(TaskMetric.DURATION, q(2_000, 200_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(10 << 20, 2_000L << 20));
        var lessSkewed = stage(4).name("sort at Job.scala:30").wall(100)
                .quantiles(TaskMetric.DURATION, q(2_000, 30_000))
                .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(10 << 20, 300L << 20));
        Diagnosis d = Diagnosis.of(Snapshots.app().conf("spark.sql.shuffle.partitions", "100").stage(lessSkewed).stage(skewed).build(), RULES);

        List<Finding> skew = d.findings().stream().filter(f -> f.rule().equals("skew.stage-task-time")).toList();
        assertThat(skew).extracting(f -> f.scope().id()).containsExactly("3.0", "4.0");
        Finding top = skew.get(0);
        assertThat(top.secondsLost()).isEqualTo(198.0);
        assertThat(top.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(top.title()).isEqualTo("Data skew in stage 3: the slowest task took 3 min 20 s against a 2.0 s median,"
                + " with up to 2.0 GiB of shuffle read against the median's 10.0 MiB");
        assertThat(top.evidence()).anySatisfy(e -> {
            assertThat(e.fact()).isEqualTo("stage.duration.maxOverP50");
            assertThat(e.value()).isEqualTo(100.0);
            assertThat(e.op()).contains(">=");
            assertThat(e.threshold()).contains(5.0);
        });
        assertThat(top.remedies()).anySatisfy(r -> assertThat(r.conf()).containsKey("spark.sql.shuffle.partitions"));
        assertThat(d.findings().get(0).secondsLost()).isGreaterThanOrEqualTo(top.secondsLost());
    }
}
