package dev.sparkdoc.tui;

/**
 * An opened row: a finding (evidence and fixes) or a stage (task quantiles and tasks).
 *
 * @param key    what was opened, stable across refreshes (finding: rule@scope, stage: id.attempt)
 * @param cursor the selected fix in a finding; the scroll offset in a stage
 */
public record Drill(Pane pane, String key, int cursor) {

    public Drill withCursor(int c) {
        return new Drill(pane, key, Math.max(0, c));
    }
}
