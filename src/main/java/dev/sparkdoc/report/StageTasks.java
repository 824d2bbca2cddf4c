package dev.sparkdoc.report;

import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * An opened stage's notable tasks: which to show and in what order, and why a kind is missing.
 * The live view's stage detail draws them; {@code sparkdoc mcp}'s stage tool answers them.
 */
public final class StageTasks {

    private static final Comparator<TaskSample> LONGEST_FIRST = Comparator.comparingLong(TaskSample::durationMs).reversed()
            .thenComparingLong(TaskSample::taskId);

    private StageTasks() {
    }

    /** The running ones first, longest running at the top, then the slowest finished ones, longest first, then failed attempts. */
    public static List<TaskSample> ordered(Stage st) {
        List<TaskSample> out = new ArrayList<>();
        st.notableTasks().stream().filter(TaskSample::running).sorted(LONGEST_FIRST).forEach(out::add);
        st.notableTasks().stream().filter(StageTasks::succeeded).sorted(LONGEST_FIRST).forEach(out::add);
        st.notableTasks().stream().filter(t -> !t.running() && !succeeded(t)).sorted(LONGEST_FIRST).forEach(out::add);
        return out;
    }

    public static boolean succeeded(TaskSample t) {
        return "SUCCESS".equals(t.status());
    }

    /** Why a stage with tasks running shows none of them; empty when they are shown or there are none. */
    public static Optional<String> missingRunning(Stage st, long shown, SourceKind source) {
        if (shown > 0 || st.tasks().active() == 0) {
            return Optional.empty();
        }
        return Optional.of(switch (source) {
            case LIVE, HISTORY -> st.tasks().active() + " running: their list was not read in this poll (the driver is"
                    + " asked for the running tasks of the 20 active stages with the most task time).";
            case EVENTLOG -> st.tasks().active() + " running when the log ends: the log has no start event of them.";
            case SNAPSHOT -> st.tasks().active() + " running: the snapshot holds no list of them.";
        });
    }

    /** Why a stage with finished tasks shows none; empty when they are shown or none finished. */
    public static Optional<String> missingFinished(Stage st, long shown, SourceKind source) {
        if (shown > 0) {
            return Optional.empty();
        }
        if (st.tasks().completed() == 0) {
            return st.tasks().active() > 0 ? Optional.of("No task has finished yet.")
                    : Optional.of("No task has run yet.");
        }
        return Optional.of(switch (source) {
            case LIVE, HISTORY -> st.status() == StageStatus.ACTIVE
                    ? "Finished tasks not read: of a running stage they are read for the 3 with the most task time only"
                            + " (polling stays light); the quantiles cover the rest."
                    : st.quantiles().isPresent() ? "The REST answer listed no finished task of this stage."
                    : "Finished tasks not read: like its quantiles, they are read only where a slow tail can hide (and"
                            + " for the 3 busiest stages), a few per poll; an event log keeps the 10 slowest of every stage.";
            case EVENTLOG -> "The event log kept no finished task of this stage (no task-end event of it was read).";
            case SNAPSHOT -> "The snapshot holds no finished task of this stage: it keeps what its source read.";
        });
    }
}
