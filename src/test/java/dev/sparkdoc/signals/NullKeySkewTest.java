package dev.sparkdoc.signals;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The NULL keys of an outer join found at the partition Murmur3 sends them to (the blind corpus's j420_null_key_skew_join). */
class NullKeySkewTest {

    /** The shuffle reads of j420's join stage: AQE merged 200 partitions into 9 tasks, the third read the NULL keys. */
    private static final long[] J420_READS = {15_730_566, 7_847_060, 42_988_781, 15_666_235, 15_715_631, 15_734_702, 15_717_182,
            15_717_643, 9_515_949};

    /** j420's plan as Spark printed it: the events' user_id is a CASE … THEN null, cast for the join. */
    private static Plans join(String type, String leftFilter) {
        Plans p = Plans.plan()
                .node(0, "SortMergeJoin", "SortMergeJoin [cast(user_id#1 as bigint)], [user_id#8L], " + type)
                .node(1, "Sort", "Sort [cast(user_id#1 as bigint) ASC NULLS FIRST], false, 0")
                .node(2, "Exchange", "Exchange hashpartitioning(cast(user_id#1 as bigint), 200), ENSURE_REQUIREMENTS, [plan_id=42]")
                .node(3, "Project", "Project [id#0L AS event_id#6L, CASE WHEN (pmod(hash(id#0L, 7, 42), 100) < 40) THEN null END AS user_id#1]")
                .node(4, "Sort", "Sort [user_id#8L ASC NULLS FIRST], false, 0")
                .node(5, "Exchange", "Exchange hashpartitioning(user_id#8L, 200), ENSURE_REQUIREMENTS, [plan_id=54]")
                .node(6, "Project", "Project [id#7L AS user_id#8L]")
                .edge(1, 0).edge(2, 1).edge(3, 2).edge(4, 0).edge(5, 4).edge(6, 5);
        if (leftFilter != null) {
            p.node(7, "Filter", leftFilter).edge(7, 3);
        }
        return p;
    }

    @Test
    void anOuterJoinKeepsItsPreservedSidesUnfilteredKeys() {
        assertThat(new PlanGraph(join("LeftOuter", null).build(0, 1_000)).nullKeyJoins())
                .containsExactly(new PlanGraph.NullKeyJoin("SortMergeJoin", "LeftOuter", List.of("user_id"), 200));
    }

    @Test
    void innerJoinsAndFilteredKeysCarryNoNulls() {
        // the optimizer's isnotnull below an inner join; a user's below an outer one
        assertThat(new PlanGraph(join("Inner", "Filter isnotnull(user_id#1)").build(0, 1_000)).nullKeyJoins()).isEmpty();
        assertThat(new PlanGraph(join("Inner", null).build(0, 1_000)).nullKeyJoins()).isEmpty();
        assertThat(new PlanGraph(join("LeftOuter", "Filter isnotnull(user_id#1)").build(0, 1_000)).nullKeyJoins()).isEmpty();
        // a filter on another attribute of the same name (user_id#10) filters nothing of this key
        assertThat(new PlanGraph(join("LeftOuter", "Filter isnotnull(user_id#10)").build(0, 1_000)).nullKeyJoins()).hasSize(1);
    }

    @Test
    void aRightOuterJoinKeepsTheRightKeysAndAFullOuterBoth() {
        assertThat(new PlanGraph(join("RightOuter", null).build(0, 1_000)).nullKeyJoins()).extracting(PlanGraph.NullKeyJoin::keys)
                .containsExactly(List.of("user_id"));
        assertThat(new PlanGraph(Plans.sortMergeJoin(1, 1, "FullOuter").build(0, 1_000)).nullKeyJoins())
                .extracting(PlanGraph.NullKeyJoin::keys).containsExactly(List.of("key"));
    }

    @Test
    void unmergedPartitionsAreTheirTasksIndex() {
        Map<Integer, TaskSample> none = Map.of();
        assertThat(NullKeySkew.place(200, 200, 1_000_000, task(42, 500_000), none)).hasValueSatisfying(w -> assertThat(w)
                .isEqualTo("the task that read the most read shuffle partition 42 of 200, where every NULL key hashes"));
        // a hot value elsewhere
        assertThat(NullKeySkew.place(200, 200, 1_000_000, task(17, 500_000), none)).hasValue("");
        // 42 mod 16 = 10
        assertThat(NullKeySkew.place(16, 16, 1_000_000, task(10, 500_000), none))
                .hasValueSatisfying(w -> assertThat(w).contains("partition 10 of 16"));
    }

    @Test
    void mergedPartitionsArePlacedByTheBytesBeforeTheHotOne() {
        Map<Integer, TaskSample> all = j420Tasks(J420_READS);
        long total = java.util.Arrays.stream(J420_READS).sum();
        assertThat(NullKeySkew.place(200, 9, total, all.get(2), all)).hasValue("AQE merged 200 shuffle partitions into 9 tasks; "
                + "the 2 before the one that read the most read 42 partitions' worth, so it read partition 42, where every NULL key hashes");
        // the same reads at another partition count: the hot task sits nowhere near 42 mod 400 = 42 of 400 partitions' place
        assertThat(NullKeySkew.place(400, 9, total, all.get(2), all)).hasValue("");
    }

    @Test
    void aMergedStageWhoseEarlierTasksWereNotKeptCannotTell() {
        Map<Integer, TaskSample> kept = j420Tasks(J420_READS);
        kept.remove(1);
        assertThat(NullKeySkew.place(200, 9, 154_633_749, kept.get(2), kept)).isEmpty();
        // more tasks than the join's partitions: another shuffle's stage
        assertThat(NullKeySkew.place(200, 300, 154_633_749, kept.get(2), kept)).isEmpty();
    }

    @Test
    void theStageOfTheJoinGetsTheFactWithTheJoinAndWhere() {
        ScopeFacts f = Facts.of(j420("LeftOuter"), ScopeKind.STAGE, "4.0");
        assertThat(f.value("stage.skew.nullKeys")).hasValue(1.0);
        assertThat(f.text("stage.skew.nullKeys.join")).hasValue("SortMergeJoin LeftOuter on user_id");
        assertThat(f.text("stage.skew.nullKeys.where")).hasValueSatisfying(w -> assertThat(w).contains("partition 42"));
    }

    @Test
    void anInnerJoinsHotPartitionIsNoNullKeys() {
        ScopeFacts f = Facts.of(j420("Inner"), ScopeKind.STAGE, "4.0");
        assertThat(f.value("stage.skew.nullKeys")).isEmpty();
        assertThat(f.text("stage.skew.nullKeys.join")).isEmpty();
    }

    static Snapshots j420(String type) {
        Snapshots.StageBuilder s = stage(4).tasks(9, 9).runTime(5_400).shuffleRead(java.util.Arrays.stream(J420_READS).sum());
        for (int i = 0; i < J420_READS.length; i++) {
            s.slowTask(i, "driver", i == 2 ? 1_171 : 400, 0, J420_READS[i]);
        }
        return Snapshots.app()
                .job(new Job(0, "job 0", Optional.empty(), Optional.empty(), JobStatus.SUCCEEDED, Optional.of(T0.plusSeconds(10)),
                        Optional.of(T0.plusSeconds(40)), List.of(4), TaskCounts.NONE, 1, 0, 0, 0, Optional.of(0L), Optional.empty()))
                .sql(join(type, null).build(0, 30_000, 0))
                .stage(s);
    }

    private static Map<Integer, TaskSample> j420Tasks(long[] reads) {
        return IntStream.range(0, reads.length).mapToObj(i -> task(i, reads[i]))
                .collect(Collectors.toMap(TaskSample::index, Function.identity(), (a, b) -> a, java.util.HashMap::new));
    }

    private static TaskSample task(int index, long shuffleRead) {
        return new TaskSample(index, index, 0, index, "driver", "localhost", "SUCCESS", false, T0, 400, 400, 0, 0, shuffleRead, 0, 0,
                Optional.empty());
    }
}
