package dev.sparkdoc.tui;

import java.util.List;
import java.util.Optional;

/**
 * The config a {@code c} press copied, shown for manual copy: where it went depends on the
 * terminal and on tmux ({@link Clipboard}), and the title and note say what sparkdoc knows of it.
 *
 * @param note a line above the config: how sure the copy is, or how to make it work
 */
public record CopyBox(String title, Optional<String> note, List<String> lines) {

    public CopyBox {
        lines = List.copyOf(lines);
    }

    public CopyBox(String title, List<String> lines) {
        this(title, Optional.empty(), lines);
    }

    /** The same config, with what the copy did. */
    public CopyBox reported(String t, String n) {
        return new CopyBox(t, Optional.of(n), lines);
    }
}
