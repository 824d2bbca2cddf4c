package dev.sparkdoc.tui;

import java.util.ArrayList;
import java.util.List;

/** A frame as plain text lines, trailing spaces removed: for golden tests and logs. */
public final class TextBackend {

    private TextBackend() {
    }

    public static List<String> lines(Frame frame) {
        List<String> out = new ArrayList<>();
        for (int r = 0; r < frame.height(); r++) {
            out.add(frame.row(r).stripTrailing());
        }
        return out;
    }

    public static String text(Frame frame) {
        return String.join("\n", lines(frame));
    }
}
