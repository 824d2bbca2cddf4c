package dev.sparkdoc.diff;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Hand-made runs for diff tests: jobs named by their call site, queries by their description. */
final class Runs {

    private Runs() {
    }

    static Job job(int id, String callSite, Integer... stageIds) {
        return job(id, callSite, Optional.empty(), stageIds);
    }

    static Job job(int id, String callSite, Optional<Long> query, Integer... stageIds) {
        return new Job(id, callSite, Optional.empty(), Optional.empty(), JobStatus.SUCCEEDED,
                Optional.of(Snapshots.T0.plusSeconds(10)), Optional.of(Snapshots.T0.plusSeconds(40)), Arrays.asList(stageIds),
                new TaskCounts(100, 0, 100, 0, 0, 0), 0, stageIds.length, 0, 0, query, Optional.empty());
    }

    /** A query whose description is the same in both runs, with the plan given. */
    static SqlExecution query(long id, String description, long durationMs, Plans plan, Integer... jobIds) {
        SqlExecution q = plan.build(id, durationMs, jobIds);
        return new SqlExecution(id, description, q.status(), q.submissionTime(), durationMs, List.of(), q.successJobIds(),
                List.of(), q.nodes(), q.edges(), Optional.empty());
    }

    static DiffResult diff(AppSnapshot before, AppSnapshot after) {
        return RunDiff.of(Diagnosis.of(before, RuleCatalog.builtIn()), Diagnosis.of(after, RuleCatalog.builtIn()),
                RunDiff.DEFAULT_THRESHOLD);
    }

    static Plans broadcastJoin() {
        return Plans.plan().node(0, "BroadcastHashJoin").node(1, "BroadcastExchange").node(2, "Scan csv ")
                .node(3, "Scan csv ").node(4, "WholeStageCodegen (1)")
                .edge(1, 0).edge(2, 0).edge(3, 1);
    }

    static Plans sortMergeJoin() {
        return Plans.plan().node(0, "SortMergeJoin").node(1, "Sort").node(2, "Sort").node(3, "Exchange").node(4, "Exchange")
                .node(5, "Scan csv ").node(6, "Scan csv ").node(7, "WholeStageCodegen (2)")
                .edge(1, 0).edge(2, 0).edge(3, 1).edge(4, 2).edge(5, 3).edge(6, 4);
    }
}
