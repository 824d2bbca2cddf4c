package dev.sparkdoc.tui;

import java.util.Optional;

/**
 * An opened row: a finding (evidence and fixes), a stage (task quantiles and tasks) or an
 * executor (its logs).
 *
 * @param key    what was opened, stable across refreshes (finding: rule@scope, stage: id.attempt, executor: id)
 * @param cursor the selected fix in a finding; the scroll offset in a stage or a log
 * @param logs   an opened executor's logs, as last read ({@link LogsView})
 */
public record Drill(Pane pane, String key, int cursor, Optional<ExecutorLogs> logs) {

    public Drill(Pane pane, String key, int cursor) {
        this(pane, key, cursor, Optional.empty());
    }

    public Drill withCursor(int c) {
        return new Drill(pane, key, Math.max(0, c), logs);
    }

    public Drill withLogs(ExecutorLogs l) {
        return new Drill(pane, key, cursor, Optional.of(l));
    }
}
