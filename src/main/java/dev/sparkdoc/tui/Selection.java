package dev.sparkdoc.tui;

import java.util.Optional;

/**
 * A pane's selected row: which item it is, and where it was last seen. Rows move with every poll
 * and every sort (a new stage comes first, a process climbs the CPU order), so the item is what
 * the selection follows, as k9s does; the index is where the cursor stays when the item is gone.
 *
 * @param index where the item was last seen; the nearest row once it is gone
 * @param key   the item ({@link Rows#rowKeys}): stage id.attempt, executor id, rule@scope, pid;
 *              empty before the pane had rows
 */
public record Selection(int index, Optional<String> key) {

    public static final Selection FIRST = new Selection(0, Optional.empty());

    public Selection {
        index = Math.max(0, index);
    }
}
