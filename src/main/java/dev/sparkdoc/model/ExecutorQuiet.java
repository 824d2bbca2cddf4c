package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;

/**
 * How long no task has run on the executors of an application that has not finished: since the
 * last stage ended (or was submitted, or the application started), while no stage has a task
 * running. The driver's own code runs in that time, or it waits for resources, or for its user.
 */
public final class ExecutorQuiet {

    private ExecutorQuiet() {
    }

    /** 0 while a task runs or once the application has finished. */
    public static long ms(Application application, List<Stage> stages, Instant now) {
        if (application.completed() || stages.stream().anyMatch(s -> s.tasks().active() > 0)) {
            return 0;
        }
        Instant since = application.knownStartTime().orElse(now);
        for (Stage s : stages) {
            since = later(since, s.completionTime().orElse(null));
            // a stage that never ran a task started nothing: the quiet goes on through it
            if (s.tasks().completed() + s.tasks().failed() + s.tasks().killed() > 0) {
                since = later(since, s.submissionTime().orElse(null));
            }
        }
        return Math.max(0, now.toEpochMilli() - since.toEpochMilli());
    }

    private static Instant later(Instant a, Instant b) {
        return b != null && b.isAfter(a) ? b : a;
    }
}
