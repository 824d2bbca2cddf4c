package dev.sparkdoc.tui;

import java.util.List;

/**
 * The config a {@code c} press copied, shown for manual copy: OSC 52 works only where the
 * terminal (and tmux's set-clipboard) allows it, and sparkdoc cannot tell whether it did.
 */
public record CopyBox(String title, List<String> lines) {

    public CopyBox {
        lines = List.copyOf(lines);
    }
}
