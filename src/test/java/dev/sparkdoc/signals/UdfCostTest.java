package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanEdge;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a UDF costs while its query still runs: no pipeline has its duration metric yet. */
class UdfCostTest {

    /**
     * {@code select sum(normalize(id))}: the UDF's Project runs below the exchange, in the query's
     * first stage; stage 0 has two tasks running for 12 s and none finished, stage 1 is to come.
     */
    private static Snapshots running(String udfOperator) {
        List<PlanNode> nodes = List.of(new PlanNode(0, "HashAggregate", Optional.empty(), List.of()),
                new PlanNode(1, "Exchange", Optional.empty(), List.of()),
                new PlanNode(2, "HashAggregate", Optional.empty(), List.of()),
                new PlanNode(3, udfOperator, Optional.of(1L), List.of(), udfOperator + " [normalize(id#0L) AS x#2L]"),
                // a heartbeat brought the pipeline's duration: 0 ms, since no task has finished
                new PlanNode(5, "WholeStageCodegen (1)", Optional.empty(), List.of(new SqlExecution.PlanMetric("duration", "0 ms",
                        Optional.of(0L)))),
                new PlanNode(4, "Range", Optional.empty(), List.of(), "Range (0, 100000, step=1, splits=2)"));
        List<PlanEdge> edges = udfOperator.equals("Project")
                ? List.of(new PlanEdge(4, 3), new PlanEdge(3, 2), new PlanEdge(2, 1), new PlanEdge(1, 0))
                // the UDF evaluated after the exchange
                : List.of(new PlanEdge(4, 2), new PlanEdge(2, 1), new PlanEdge(1, 3), new PlanEdge(3, 0));
        return Snapshots.app().running(T0.plusSeconds(30))
                .job(new Job(0, "job 0", Optional.empty(), Optional.empty(), JobStatus.RUNNING, Optional.of(T0.plusSeconds(15)),
                        Optional.empty(), List.of(0, 1), TaskCounts.NONE, 1, 0, 0, 0, Optional.of(4L), Optional.empty()))
                .sql(new SqlExecution(4, "sum of normalize", "RUNNING", Optional.of(T0.plusSeconds(15)), 15_000, List.of(0), List.of(),
                        List.of(), nodes, edges, Optional.empty()))
                .stage(stage(0).tasks(2, 0).active(2).runTime(0).status(StageStatus.ACTIVE)
                        .runningTask("1", 12_000).runningTask("2", 12_000))
                .stage(stage(1).tasks(1, 0).runTime(0).status(StageStatus.PENDING));
    }

    @Test
    void aUdfBelowEveryExchangeCostsItsSourceStagesTaskTimeSoFar() {
        ScopeFacts sql = Facts.of(running("Project"), ScopeKind.SQL, "4");
        // two tasks 12 s old, over the app's 8 slots, capped by the query's 15 s
        assertThat(value(sql, "sql.udf.jvm.taskTime")).isEqualTo(24_000.0);
        assertThat(value(sql, "sql.udf.jvm.stageShare")).isEqualTo(1.0);
        assertThat(value(sql, "sql.udf.jvm.secondsLost")).isEqualTo(3.0);
    }

    @Test
    void aUdfAboveAnExchangeStaysUnknownWhileItsQueryRuns() {
        ScopeFacts sql = Facts.of(running("Filter"), ScopeKind.SQL, "4");
        assertThat(value(sql, "sql.udf.jvm.count")).isEqualTo(1.0);
        assertThat(sql.value("sql.udf.jvm.taskTime")).isEmpty();
    }
}
