package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.rest.dto.StageDataDto;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether a finished stage is worth a {@code taskSummary} request, judged from the stage list
 * alone. Quantiles are what the tail rules read, and a slow tail is only there to find when the
 * stage's wall time is well above its task time spread over its slots: a stage that ran as long
 * as its work divided by its slots had no task left running alone at the end.
 *
 * <p>The gates, from the rules that read quantiles of finished stages:
 * <ul>
 *   <li>{@code skew.yaml} (skew.stage-task-time) asks {@code stage.tail.secondsLost >= 3s} and
 *       {@code stage.duration.max >= 5s}; {@code stragglers.yaml} (stragglers.slow-tasks and
 *       -data-unknown) asks {@code stage.tail.secondsLost >= 5s}; {@code scheduling.yaml}
 *       (scheduling.tiny-tasks) asks {@code stage.secondsLost >= 5s}. None fires on a stage
 *       shorter than {@value #MIN_WALL_MS} ms.</li>
 *   <li>A tail of T seconds at the end of a stage on n ≥ 2 slots keeps it waiting about
 *       T × (n − 1) / n past the even spread: at least T / 2, so the 3 s tail at least
 *       {@value #MIN_LOST_MS} ms. This is {@code stage.secondsLost} as StageSignals computes it
 *       (wall − task time / min(slots, tasks)), so the tiny-tasks gate is covered exactly.</li>
 *   <li>A tail needs a median to stand out from: at least {@value #MIN_TASKS} finished tasks (the
 *       stage rules ask 4, the running ones 2).</li>
 * </ul>
 * No ratio of wall to spread time: a 10 s straggler ending a 100 s stage is 1.1×, and worth it.
 * What this misses: a slow task that ran early among many waves and cost the stage no wall time
 * (its tail hid in the other slots' work), and stages of an app that since lost executors
 * (dynamic allocation), whose spread is then overestimated. Unknown times count as worth it.
 */
public final class SummaryWorth {

    static final long MIN_WALL_MS = 3_000;
    static final long MIN_LOST_MS = 1_500;
    static final int MIN_TASKS = 2;

    private SummaryWorth() {
    }

    /** @param slots task slots of the live executors now; 0 or less when none is known */
    static boolean worth(StageDataDto s, int slots) {
        return worth(s.numCompleteTasks(), s.numTasks(), wallMs(s), s.executorRunTime(), slots);
    }

    /**
     * The same judgement from a stage's numbers, wherever they were read (a test holds a
     * REST-read stage against it to tell a skipped summary from a lost one).
     *
     * @param wallMs submission to completion; empty when either is unknown
     */
    public static boolean worth(int completedTasks, int tasks, Optional<Long> wallMs, long executorRunTimeMs, int slots) {
        if (completedTasks < MIN_TASKS) {
            return false;
        }
        return wallMs.isEmpty() || wallMs.get() >= MIN_WALL_MS && lostMs(wallMs.get(), tasks, executorRunTimeMs, slots) >= MIN_LOST_MS;
    }

    /** How far a stage's wall time is over its task time spread evenly over its slots: where a tail can hide. */
    static long lostMs(StageDataDto s, int slots) {
        return wallMs(s).map(wall -> lostMs(wall, s.numTasks(), s.executorRunTime(), slots)).orElse(Long.MAX_VALUE);
    }

    private static long lostMs(long wall, int tasks, long executorRunTimeMs, int slots) {
        // no slots known (every executor gone): the most the stage could have used, its tasks
        int known = slots > 0 ? slots : tasks;
        int used = Math.max(1, Math.min(known, tasks));
        return Math.max(0, wall - executorRunTimeMs / used);
    }

    private static Optional<Long> wallMs(StageDataDto s) {
        Optional<Instant> start = RestDates.parse(s.submissionTime());
        Optional<Instant> end = RestDates.parse(s.completionTime());
        if (start.isEmpty() || end.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Math.max(0, end.get().toEpochMilli() - start.get().toEpochMilli()));
    }
}
