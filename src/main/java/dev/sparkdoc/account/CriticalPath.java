package dev.sparkdoc.account;

import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The running time no number of executors takes away: the longest chain of stages that ran one
 * after another, each weighted by its slowest task (a stage ends no sooner than its slowest task).
 *
 * <p>The model does not keep a stage's parents, so the chain is read from time, not from the DAG:
 * stages whose runs did not overlap are taken to depend on each other, those that overlapped to
 * be branches. That is the weighted interval-scheduling chain over the stages' run spans.
 */
final class CriticalPath {

    private CriticalPath() {
    }

    /** @param spans each stage's run span ({first launch, end}), in the order of {@code stages} */
    static long chainMs(List<Stage> stages, List<long[]> spans) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < stages.size(); i++) {
            long[] span = spans.get(i);
            if (span[1] > span[0]) {
                runs.add(new Run(span[0], span[1], Math.min(span[1] - span[0], slowestTaskMs(stages.get(i), span[1] - span[0]))));
            }
        }
        runs.sort(Comparator.comparingLong(Run::end));
        long[] best = new long[runs.size() + 1];
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            int before = lastEndingBy(runs, i, r.start());
            best[i + 1] = Math.max(best[i], best[before + 1] + r.weight());
        }
        return best[runs.size()];
    }

    private record Run(long start, long end, long weight) {
    }

    /** The index of the last run (among the first {@code upTo}, sorted by end) that ends by {@code start}; -1 when none. */
    private static int lastEndingBy(List<Run> runs, int upTo, long start) {
        int lo = 0;
        int hi = upTo - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (runs.get(mid).end() <= start) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The slowest successful task: its summary's max, else the slowest sample, else the stage's whole run. */
    static long slowestTaskMs(Stage stage, long runMs) {
        if (stage.quantiles().isPresent()) {
            return Math.round(stage.quantiles().get().get(TaskMetric.DURATION).max());
        }
        return stage.notableTasks().stream().filter(t -> "SUCCESS".equals(t.status())).mapToLong(TaskSample::durationMs)
                .max().orElse(runMs);
    }
}
