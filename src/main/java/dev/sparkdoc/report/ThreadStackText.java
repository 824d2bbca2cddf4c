package dev.sparkdoc.report;

import dev.sparkdoc.explain.ThreadFrames;
import dev.sparkdoc.model.TaskThread;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A running task's thread as the stage detail shows it: its state, what it waits for, and the
 * top of its stack down to a little past the user's frame, which is marked {@code →}; Spark's
 * own frames below it are counted, not listed.
 */
public final class ThreadStackText {

    /** Frames shown at most: enough to see the user's call and what it called. */
    static final int MAX_FRAMES = 12;
    /** Frames shown below the user's frame: who called it. */
    static final int BELOW_USER = 2;
    /** What the user's frame's line starts with, for a front end to mark it further. */
    public static final String USER_MARK = "  → ";

    private ThreadStackText() {
    }

    public static List<String> lines(TaskThread t) {
        List<String> out = new ArrayList<>();
        out.add("Where task " + t.taskId() + " is now (thread dump at " + t.takenAt().truncatedTo(ChronoUnit.SECONDS) + ")");
        out.add("  " + t.state() + t.blockedBy().map(b -> " · waiting for " + b).orElse("") + " · " + SafeText.line(t.threadName()));
        int userAt = ThreadFrames.userLineIndex(t.frames()).orElse(-1);
        int shown = Math.min(t.frames().size(), userAt >= 0 ? Math.min(MAX_FRAMES, userAt + 1 + BELOW_USER) : MAX_FRAMES);
        for (int i = 0; i < shown; i++) {
            out.add((i == userAt ? USER_MARK : "    ") + SafeText.line(t.frames().get(i)));
        }
        if (t.frames().size() > shown) {
            out.add("    … " + (t.frames().size() - shown) + " more frames (Spark's task runner)");
        }
        if (userAt < 0 && !t.frames().isEmpty()) {
            out.add("  no frame of the application's own code on this stack");
        }
        return out;
    }
}
