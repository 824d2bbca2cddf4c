package dev.sparkdoc.signals;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A window with no partitionBy: one task over every row (the blind corpus's j413_window_no_partition). */
class UnpartitionedWindowTest {

    private static final long MIB = 1L << 20;

    /** j413's window as Spark printed it, over the exchange given. */
    private static Plans window(String exchange) {
        return Plans.plan()
                .node(0, "Window", "Window [row_number() windowspecdefinition(booked_at#2 ASC NULLS FIRST, specifiedwindowframe(RowFrame, "
                        + "unboundedpreceding$(), currentrow$())) AS seq_no#6], [booked_at#2 ASC NULLS FIRST]")
                .node(1, "WholeStageCodegen (2)").node(2, "Sort", "Sort [booked_at#2 ASC NULLS FIRST], false, 0")
                .node(3, "InputAdapter").node(4, "ShuffleQueryStage", "ShuffleQueryStage 0")
                .node(5, "Exchange", exchange)
                .node(6, "Exchange", "Exchange SinglePartition, ENSURE_REQUIREMENTS, [plan_id=9]")
                .node(7, "Range", "Range (0, 4000000, step=1, splits=8)")
                .edge(1, 0).edge(2, 1).edge(3, 2).edge(4, 3).edge(5, 4).edge(7, 5).edge(6, 7);
    }

    @Test
    void aWindowOverASinglePartitionExchangeIsUnpartitioned() {
        assertThat(new PlanGraph(window("Exchange SinglePartition, ENSURE_REQUIREMENTS, [plan_id=25]").build(0, 1_000))
                .unpartitionedWindow()).isTrue();
        // partitionBy(account_id): a hash exchange below it, and a single partition further down is another stage's
        assertThat(new PlanGraph(window("Exchange hashpartitioning(account_id#1, 200), ENSURE_REQUIREMENTS, [plan_id=25]")
                .build(0, 1_000)).unpartitionedWindow()).isFalse();
    }

    @Test
    void itsCostIsTheWallAgainstTheWorkWithoutSpillSpreadOverTheSlots() {
        // 7.8 s of one task, 300 MiB spilled (6 s written and read at 100 MiB/s); the app's 8 slots
        ScopeFacts f = Facts.of(j413("Exchange SinglePartition, ENSURE_REQUIREMENTS, [plan_id=25]", 1, 300 * MIB), ScopeKind.STAGE, "2.0");
        assertThat(f.value("stage.window.unpartitioned")).hasValue(1.0);
        // 8 s wall - (7.8 s - 6 s) / 8 slots = 7.775 s
        assertThat(f.value("stage.window.secondsLost")).hasValueCloseTo(7.775, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aPartitionedWindowOrAStageOfManyTasksIsNot() {
        ScopeFacts byKey = Facts.of(j413("Exchange hashpartitioning(account_id#1, 200), ENSURE_REQUIREMENTS, [plan_id=25]", 1, 0),
                ScopeKind.STAGE, "2.0");
        assertThat(byKey.value("stage.window.unpartitioned")).hasValue(0.0);
        assertThat(byKey.value("stage.window.secondsLost")).isEmpty();
        ScopeFacts many = Facts.of(j413("Exchange SinglePartition, ENSURE_REQUIREMENTS, [plan_id=25]", 8, 0), ScopeKind.STAGE, "2.0");
        assertThat(many.value("stage.window.unpartitioned")).hasValue(0.0);
    }

    static Snapshots j413(String exchange, int tasks, long spill) {
        return Snapshots.app()
                .job(new Job(0, "job 0", Optional.empty(), Optional.empty(), JobStatus.SUCCEEDED, Optional.of(T0.plusSeconds(10)),
                        Optional.of(T0.plusSeconds(18)), List.of(2), TaskCounts.NONE, 1, 0, 0, 0, Optional.of(0L), Optional.empty()))
                .sql(window(exchange).build(0, 8_000, 0))
                .stage(stage(2).tasks(tasks, tasks).wall(8).runTime(7_800).shuffleRead(176 * MIB).spill(600 * MIB, spill));
    }
}
