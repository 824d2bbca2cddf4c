package dev.sparkdoc.source.eventlog.fold;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sanity as a rule of the model: no time before the log's first event or after its last, and
 * nothing that ends before it starts. Stage, job and SQL times outside the span are moved to
 * its edge (the stage did run, just not then); an executor's added or removed time outside it
 * is dropped (unknown). Each kind of repair is one note, so the report says what was wrong with
 * the data instead of a finding built on it.
 */
final class TimeSanity {

    private final long from;
    private final long to;
    private long moved;
    private long dropped;
    private long reversed;

    /** @param from the first moment of the log, @param to its last; either -1 when unknown (nothing is checked) */
    TimeSanity(long from, long to) {
        this.from = from;
        this.to = to;
    }

    void apply(EventFolders f) {
        for (StageState s : f.jobStages.stages.values()) {
            s.submissionTime = clamp(s.submissionTime);
            s.firstLaunchTime = clamp(s.firstLaunchTime);
            s.completionTime = endNotBefore(s.submissionTime, clamp(s.completionTime));
        }
        for (JobState j : f.jobStages.jobs.values()) {
            j.submissionTime = clamp(j.submissionTime);
            j.completionTime = endNotBefore(j.submissionTime, clamp(j.completionTime));
        }
        for (SqlFolder.SqlState q : f.sql.executions.values()) {
            q.startTime = clamp(q.startTime);
            q.endTime = endNotBefore(q.startTime, clamp(q.endTime));
        }
        for (ExecutorState x : f.executors.executors.values()) {
            x.addTime = orUnknown(x.addTime);
            x.removeTime = orUnknown(x.removeTime);
        }
    }

    private boolean known() {
        return from > 0 && to >= from;
    }

    private long clamp(long t) {
        if (t <= 0 || !known() || (t >= from && t <= to)) {
            return t;
        }
        moved++;
        return t < from ? from : to;
    }

    private long orUnknown(long t) {
        if (t <= 0 || !known() || (t >= from && t <= to)) {
            return t;
        }
        dropped++;
        return -1;
    }

    private long endNotBefore(long start, long end) {
        if (start > 0 && end > 0 && end < start) {
            reversed++;
            return start;
        }
        return end;
    }

    List<String> notes() {
        List<String> notes = new ArrayList<>();
        String span = known() ? " (" + Instant.ofEpochMilli(from) + " to " + Instant.ofEpochMilli(to) + ")" : "";
        if (moved > 0) {
            notes.add(String.format(Locale.ROOT, "%,d stage, job or SQL time(s) outside the log's span%s moved to its"
                    + " edge: the log was edited or its clocks disagree", moved, span));
        }
        if (dropped > 0) {
            notes.add(String.format(Locale.ROOT, "%,d executor added/removed time(s) outside the log's span%s ignored:"
                    + " the log was edited or its clocks disagree", dropped, span));
        }
        if (reversed > 0) {
            notes.add(String.format(Locale.ROOT, "%,d stage, job or SQL execution(s) end before they start: their"
                    + " duration is taken as 0", reversed));
        }
        return notes;
    }
}
