package dev.sparkdoc.report;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.StageStatus;
import java.util.ArrayList;
import java.util.List;

/** A few lines saying which application was read and how much of it, for stderr. */
public final class SnapshotSummary {

    private SnapshotSummary() {
    }

    public static List<String> lines(AppSnapshot s) {
        Application app = s.application();
        List<String> lines = new ArrayList<>();
        lines.add(String.format("sparkdoc: %s \"%s\" (Spark %s, %s) from %s %s",
                app.id() + app.attemptId().map(a -> " attempt " + a).orElse(""),
                app.name(),
                app.sparkVersion().orElse("version unknown"),
                app.completed() ? "finished" : "running or crashed",
                s.source().kind().jsonName(),
                s.source().target()));
        long activeExecutors = s.executors().stream().filter(Executor::active).filter(e -> !e.isDriver()).count();
        long failedStages = s.stages().stream().filter(st -> st.status() == StageStatus.FAILED).count();
        lines.add(String.format("sparkdoc: %d jobs, %d stages (%d failed), %d tasks run, %d executors (%d active) plus driver; %s",
                s.jobs().size(), s.stages().size(), failedStages, s.tasksRun(),
                s.executors().stream().filter(e -> !e.isDriver()).count(), activeExecutors,
                s.source().complete() ? "complete" : "incomplete"));
        s.source().notes().forEach(n -> lines.add("sparkdoc: note: " + n));
        return lines;
    }
}
