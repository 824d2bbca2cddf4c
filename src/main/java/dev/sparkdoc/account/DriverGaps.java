package dev.sparkdoc.account;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.SqlExecution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The driver's own time between jobs, as an engineer reads it off the event timeline: from the
 * first job's start to the last one's end, every span in which no job and no SQL query ran. In
 * such a span the executors have nothing to do and the driver runs the application's own code
 * (a loop over collect()ed rows, pandas after toPandas(), Python, a sleep) or plans what comes
 * next. Before the first job the session starts and executors come; after the last the app
 * stops: neither is counted. A gap inside a running SQL query (AQE re-planning, a broadcast
 * being built, a write's commit) is Spark's own work for that query, not the application's, and
 * is not counted either.
 *
 * @param windowMs from the first job's start to the last job's end (or {@code now} while it runs)
 * @param gaps     the spans with neither a job nor a query running, in time order
 */
public record DriverGaps(long windowMs, List<Gap> gaps) {

    public DriverGaps {
        gaps = List.copyOf(gaps);
    }

    /**
     * One span with no job and no query running.
     *
     * @param after  the job that ended last before the gap: whose result the driver was working on
     * @param before the first job that started after it
     */
    public record Gap(long startMs, long endMs, Job after, Job before) {

        public long ms() {
            return endMs - startMs;
        }
    }

    /** The gaps of {@code s} as of {@code now}; empty with fewer than two jobs of known start. */
    public static Optional<DriverGaps> of(AppSnapshot s, Instant now) {
        long nowMs = now.toEpochMilli();
        List<Job> jobs = s.jobs().stream().filter(j -> j.submissionTime().isPresent())
                .sorted(Comparator.comparing(j -> j.submissionTime().get())).toList();
        if (jobs.size() < 2) {
            return Optional.empty();
        }
        List<long[]> busy = new ArrayList<>();
        jobs.forEach(j -> busy.add(new long[] {start(j), end(j, nowMs)}));
        s.sqlExecutions().forEach(q -> span(q, nowMs).ifPresent(busy::add));
        long from = start(jobs.get(0));
        long to = jobs.stream().mapToLong(j -> end(j, nowMs)).max().orElse(from);
        Spans covered = Spans.union(busy).clip(from, to);
        // a stream's log holds thousands of jobs and as many gaps: each gap finds its jobs by binary search
        List<Job> byEnd = jobs.stream().sorted(Comparator.comparingLong(j -> end(j, nowMs))).toList();
        long[] ends = byEnd.stream().mapToLong(j -> end(j, nowMs)).toArray();
        long[] starts = jobs.stream().mapToLong(DriverGaps::start).toArray();
        List<Gap> gaps = new ArrayList<>();
        for (long[] gap : Spans.of(from, to).minus(covered).spans()) {
            int after = lastAtOrBelow(ends, gap[0]);
            int before = firstAtOrAbove(starts, gap[1]);
            // both exist: the window starts at a job's start and ends at a job's end, and jobs count as busy
            if (after >= 0 && before < starts.length) {
                gaps.add(new Gap(gap[0], gap[1], byEnd.get(after), jobs.get(before)));
            }
        }
        return Optional.of(new DriverGaps(Math.max(0, to - from), gaps));
    }

    /** The gaps' wall time, summed. */
    public long totalMs() {
        return gaps.stream().mapToLong(Gap::ms).sum();
    }

    /** The longest gap (the first of equals). */
    public Optional<Gap> longest() {
        return gaps.stream().max(Comparator.comparingLong(Gap::ms).thenComparing(g -> -g.startMs()));
    }

    /** {@link #totalMs} as a share of the window, 0 to 1. */
    public double share() {
        return windowMs <= 0 ? 0 : Math.min(1.0, (double) totalMs() / windowMs);
    }

    /** The index of the last value at or below {@code x} in ascending {@code a}; -1 when none is. */
    private static int lastAtOrBelow(long[] a, long x) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }

    /** The index of the first value at or above {@code x} in ascending {@code a}; {@code a.length} when none is. */
    private static int firstAtOrAbove(long[] a, long x) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static long start(Job j) {
        return j.submissionTime().orElseThrow().toEpochMilli();
    }

    private static long end(Job j, long nowMs) {
        return Math.max(start(j), j.completionTime().map(Instant::toEpochMilli).orElse(nowMs));
    }

    /** A query's span: a running one's reaches {@code now} (its duration so far may lag). */
    private static Optional<long[]> span(SqlExecution q, long nowMs) {
        return q.submissionTime().map(Instant::toEpochMilli).map(from -> new long[] {from,
                q.status().equalsIgnoreCase("RUNNING") ? Math.max(nowMs, from + q.durationMs()) : from + Math.max(0, q.durationMs())});
    }
}
