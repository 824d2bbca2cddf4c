package dev.sparkdoc.account;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The application's stages replayed on a fixed number of slots: each stage's tasks placed, longest
 * first, on whichever slot frees first (greedy list scheduling), stages in the order they were
 * submitted, each starting when the stages it depends on are done.
 *
 * <p>Longest first, not Spark's launch order (partition index): the model keeps a stage's task
 * durations as a five-number summary, not in order, and longest-first needs no order (it is
 * within 4/3 of the best schedule; for equal tasks every order gives the same waves).
 *
 * <p>Dependencies are read from time, as the critical path's are: a stage depends on every stage
 * that ended before it was submitted (a driver submits the next job after the last one ends),
 * and waits after the last of them as long as it did in the recorded run (the driver's own time
 * between them). A stage no earlier stage ended before keeps its recorded submission. Slots are
 * handed out first come, first served, as Spark's FIFO scheduler does.
 */
final class Schedule {

    private Schedule() {
    }

    /**
     * One stage attempt as it ran, times in ms from the application's start.
     *
     * @param submitMs      submitted (its first task's launch when that is earlier)
     * @param launchDelayMs submission to the first task, less the time other stages ran in it
     *                      (their slots, not a wait of its own)
     * @param endMs         its recorded end
     */
    record Run(long submitMs, long launchDelayMs, long endMs, Durations tasks) {
    }

    /**
     * A stage's task durations, longest first, made from its five-number summary: task i of n
     * sits at quantile 1 - i/(n-1), linear between the summary's points. Exact for equal tasks
     * and for the summary's own points; never kept as a list (a stage may have 100,000s).
     */
    record Durations(long count, double min, double p25, double p50, double p75, double max) {

        static Durations equal(long count, double ms) {
            return new Durations(count, ms, ms, ms, ms, ms);
        }

        long at(long i) {
            if (count <= 1) {
                return Math.round(max);
            }
            double q = 1 - (double) i / (count - 1);
            double[] points = {min, p25, p50, p75, max};
            double pos = q * 4;
            int lo = Math.min(3, (int) Math.floor(pos));
            return Math.max(0, Math.round(points[lo] + (points[lo + 1] - points[lo]) * (pos - lo)));
        }
    }

    /** The replay: the app's simulated end and the union of its stages' simulated run spans, ms. */
    record Result(long wallMs, long stagesRunningMs) {
    }

    /**
     * @param runs  the stages that ran
     * @param slots tasks running at once
     * @param appEndMs the recorded end of the application: the time after its last stage (the
     *                 driver's) is kept
     */
    static Result replay(List<Run> runs, int slots, long appEndMs) {
        if (runs.isEmpty()) {
            return new Result(appEndMs, 0);
        }
        List<Run> bySubmit = runs.stream().sorted(Comparator.comparingLong(Run::submitMs)).toList();
        long[] ends = runs.stream().mapToLong(Run::endMs).sorted().toArray();
        PriorityQueue<Long> free = new PriorityQueue<>();
        for (int i = 0; i < Math.max(1, slots); i++) {
            free.add(0L);
        }
        List<long[]> spans = new ArrayList<>();
        int counted = 0;
        long latest = 0;
        long lastRecordedBefore = 0;
        PendingEnds pending = new PendingEnds();
        for (Run run : bySubmit) {
            int before = endedBy(ends, run.submitMs());
            while (counted < before) {
                latest = Math.max(latest, pending.takeFirst());
                lastRecordedBefore = ends[counted];
                counted++;
            }
            long ready = before == 0 ? run.submitMs() : latest + Math.max(0, run.submitMs() - lastRecordedBefore);
            long start = ready + run.launchDelayMs();
            long end = start;
            for (long i = 0; i < run.tasks().count(); i++) {
                long at = Math.max(free.poll(), start);
                long taskEnd = at + run.tasks().at(i);
                free.add(taskEnd);
                end = Math.max(end, taskEnd);
            }
            pending.add(run.endMs(), end);
            spans.add(new long[] {start, end});
        }
        while (counted < ends.length) {
            latest = Math.max(latest, pending.takeFirst());
            counted++;
        }
        long tail = Math.max(0, appEndMs - ends[ends.length - 1]);
        long running = Intervals.merged(spans.stream().filter(s -> s[1] > s[0]).toList()).stream()
                .mapToLong(s -> s[1] - s[0]).sum();
        return new Result(latest + tail, running);
    }

    /** How many recorded ends are at or before {@code at}. */
    private static int endedBy(long[] ends, long at) {
        int lo = 0;
        int hi = ends.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] <= at) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Simulated ends keyed by recorded end, taken in recorded-end order. */
    private static final class PendingEnds {
        private final PriorityQueue<long[]> byRecorded = new PriorityQueue<>(Comparator.comparingLong(e -> e[0]));

        void add(long recordedEnd, long simulatedEnd) {
            byRecorded.add(new long[] {recordedEnd, simulatedEnd});
        }

        /** The simulated end of the stage with the smallest recorded end not yet taken. */
        long takeFirst() {
            long[] e = byRecorded.poll();
            return e == null ? 0 : e[1];
        }
    }
}
