package dev.sparkdoc.tui;

import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.report.LogsText;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.tui.Update.Step;
import java.util.Optional;

/**
 * The keys of the logs view, folded as {@link Update} folds the others: which executor's logs a
 * key opens (the selected executor; from a failed stage or its finding, the executor of its first
 * failure, where the whole trace is), reading them again, and a read that arrived. A read is asked
 * for only here, never on a poll.
 */
final class LogsKeys {

    private LogsKeys() {
    }

    /** Enter on the executors pane, or l: the executor a Spark engineer would open next. */
    static Step open(UiState s) {
        if (s.drill().filter(d -> d.pane() == Pane.EXECUTORS).isPresent()) {
            return again(s);
        }
        return executorFor(s).map(id -> open(s, id)).orElse(Step.of(s));
    }

    /** r in the logs view: the same executor's logs read again (the last page stays until then). */
    static Step again(UiState s) {
        Drill d = s.drill().orElseThrow();
        Optional<Executor> e = executor(s, d.key());
        ExecutorLogs was = d.logs().orElse(ExecutorLogs.reading(d.key(), s.now()));
        if (e.isEmpty() || e.get().logUrls().isEmpty() || was.reading()) {
            return Step.of(s);
        }
        return Step.of(s.withDrill(Optional.of(d.withLogs(was.again(s.now())))), new Effect.ReadLogs(d.key(), e.get().logUrls()));
    }

    static UiState arrived(UiState s, UiEvent.LogsRead r) {
        return s.drill().filter(d -> d.pane() == Pane.EXECUTORS && d.key().equals(r.executorId()) && d.logs().isPresent())
                .map(d -> s.withDrill(Optional.of(d.withLogs(d.logs().get().read(r.page(), r.at())))))
                .orElse(s);
    }

    private static Step open(UiState s, String id) {
        UiState on = s.pane() == Pane.EXECUTORS ? s : s.withPane(Pane.EXECUTORS);
        on = on.withSelected(Pane.EXECUTORS, new Selection(Rows.selected(on, Pane.EXECUTORS), Optional.of(id)));
        Drill d = new Drill(Pane.EXECUTORS, id, 0);
        Optional<Executor> e = executor(s, id);
        if (e.isPresent() && !e.get().logUrls().isEmpty()) {
            return Step.of(on.withDrill(Optional.of(d.withLogs(ExecutorLogs.reading(id, s.now())))),
                    new Effect.ReadLogs(id, e.get().logUrls()));
        }
        return Step.of(on.withDrill(Optional.of(d.withLogs(ExecutorLogs.none(id, s.now(), noLinks(s, id))))));
    }

    /** Why there is nothing to read, as {@code sparkdoc logs} says it. */
    private static String noLinks(UiState s, String id) {
        return Rows.snapshot(s).map(snap -> LogsText.noLinks(snap, id)).orElse("no picture of the application yet");
    }

    /** The executor whose logs the current pane points at. */
    private static Optional<String> executorFor(UiState s) {
        if (s.drill().isPresent()) {
            Drill d = s.drill().get();
            return d.pane() == Pane.STAGES ? Rows.stage(s, d.key()).flatMap(LogsKeys::failedOn)
                    : Rows.finding(s, d.key()).flatMap(f -> ofFinding(s, f));
        }
        return switch (s.pane()) {
            case EXECUTORS -> Rows.executors(s).isEmpty() ? Optional.empty()
                    : Optional.of(Rows.executors(s).get(Rows.selected(s, Pane.EXECUTORS)).id());
            case STAGES -> Rows.selectedStage(s).flatMap(LogsKeys::failedOn);
            case FINDINGS -> Rows.selectedFinding(s).flatMap(f -> ofFinding(s, f));
            case PROCESSES -> Optional.empty();
        };
    }

    private static Optional<String> ofFinding(UiState s, Finding f) {
        return switch (f.scope().kind()) {
            case EXECUTOR -> Optional.of(f.scope().id());
            case STAGE -> Rows.stage(s, f.scope().id()).flatMap(LogsKeys::failedOn);
            default -> Optional.empty();
        };
    }

    /** The executor of a stage's first failure: its stderr holds the whole trace. */
    private static Optional<String> failedOn(Stage st) {
        return st.failures().stream().map(TaskFailure::executorId).filter(id -> id != null && !id.isEmpty()).findFirst();
    }

    private static Optional<Executor> executor(UiState s, String id) {
        return Rows.snapshot(s).flatMap(snap -> snap.executors().stream().filter(e -> e.id().equals(id)).findFirst());
    }
}
