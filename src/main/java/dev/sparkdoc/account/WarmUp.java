package dev.sparkdoc.account;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A stage's slow tasks that are the warm-up of fresh executor JVMs: the first task each slot of a
 * new JVM runs loads classes, compiles code (JIT, whole-stage codegen) and fills caches, so on a
 * loaded machine it can take several times the tasks after it on the same data. That is not a
 * straggler (no host is slow, speculation would not help) and not uneven work (the waves rule's
 * tasks are still even once it is set aside).
 *
 * <p>A task is such a first task when no earlier stage can have run on its executor (none launched
 * a task between the executor's start and this task's launch) and it was among the first tasks of
 * its own stage on that executor, one per slot. The slow tasks are warm-up when each of them is such a first task, there
 * are at least two first tasks (one slow first task alone is as likely a real straggler) and they
 * were slow alike: the whole first wave paid it, not one partition.
 *
 * @param cold     the stage's first tasks on fresh JVMs, among the tasks the source kept
 * @param explains whether those first tasks alone are the stage's slow tasks
 */
public record WarmUp(List<TaskSample> cold, boolean explains) {

    /** Slower than the median by this much is slow: the waves' bound for even tasks (Waves.SLOWEST_SPREAD). */
    static final double SLOW_OVER_MEDIAN = 1 + Waves.SLOWEST_SPREAD;
    /** First tasks slow alike: the fastest of them at least half the slowest. */
    private static final double ALIKE = 0.5;
    private static final WarmUp NONE = new WarmUp(List.of(), false);

    public WarmUp {
        cold = List.copyOf(cold);
    }

    public static WarmUp of(AppSnapshot snapshot, Stage stage) {
        Optional<Instant> first = stage.firstTaskLaunchedTime();
        if (stage.quantiles().isEmpty() || first.isEmpty()) {
            return NONE;
        }
        var durations = stage.quantiles().get().get(TaskMetric.DURATION);
        List<TaskSample> finished = finished(stage);
        double slow = durations.p50() * SLOW_OVER_MEDIAN;
        List<TaskSample> slowTasks = finished.stream().filter(t -> t.durationMs() > slow).toList();
        if (slowTasks.isEmpty()) {
            return NONE; // most stages: no scan of the others' launches
        }
        boolean complete = finished.size() >= stage.tasks().completed() && stage.tasks().failed() == 0;
        // the cheap test first: the check against every other stage runs for a few first tasks only
        List<TaskSample> cold = finished.stream()
                .filter(t -> firstOnExecutorInStage(snapshot, finished, complete, first.get(), durations.min(), t))
                .filter(t -> freshExecutor(snapshot, stage, t))
                .toList();
        long coldMax = cold.stream().mapToLong(TaskSample::durationMs).max().orElse(0);
        long coldMin = cold.stream().mapToLong(TaskSample::durationMs).min().orElse(0);
        boolean explains = cold.size() >= 2 && cold.containsAll(slowTasks)
                && coldMin >= coldMax * ALIKE
                // the slowest 10 are kept: a stage with more tasks must show one that is not slow
                && (complete || slowTasks.size() < finished.size());
        return new WarmUp(cold, explains);
    }

    /** The stage's finished tasks once its warm-up is set aside (the kept ones, slowest first). */
    public List<TaskSample> warm(Stage stage) {
        return finished(stage).stream().filter(t -> !cold.contains(t)).toList();
    }

    private static List<TaskSample> finished(Stage stage) {
        return stage.notableTasks().stream().filter(t -> "SUCCESS".equals(t.status()))
                .sorted(Comparator.comparingLong(TaskSample::durationMs).reversed()).toList();
    }

    /** No other stage launched a task between the executor's start and this task's launch. */
    private static boolean freshExecutor(AppSnapshot snapshot, Stage stage, TaskSample t) {
        Instant since = snapshot.executors().stream().filter(e -> e.id().equals(t.executorId())).findFirst()
                .flatMap(Executor::addTime).orElse(Instant.MIN);
        return snapshot.stages().stream().filter(o -> !o.key().equals(stage.key())).noneMatch(o ->
                o.firstTaskLaunchedTime().filter(l -> l.isBefore(t.launchTime())).isPresent()
                        && o.completionTime().map(end -> end.isAfter(since)).orElse(true));
    }

    /**
     * Among the first tasks the stage launched on the task's executor, one per slot. A task's
     * duration runs to the driver's receipt of its result, after its slot is free again, so ends
     * cannot order it against the next launch; launches can. When the source kept only the slowest
     * tasks, a faster one may have launched first: then only a launch before half the shortest
     * task could have freed a slot counts.
     */
    private static boolean firstOnExecutorInStage(AppSnapshot snapshot, List<TaskSample> finished, boolean complete,
                                                  Instant first, double minMs, TaskSample t) {
        int slots = snapshot.executors().stream().filter(e -> e.id().equals(t.executorId())).findFirst()
                .map(Executor::maxTasks).filter(n -> n > 0).orElse(1);
        long before = finished.stream().filter(o -> o != t && o.executorId().equals(t.executorId()))
                .filter(o -> o.launchTime().isBefore(t.launchTime())).count();
        return before < slots && (complete || t.launchTime().isBefore(first.plusMillis((long) (minMs / 2))));
    }
}
