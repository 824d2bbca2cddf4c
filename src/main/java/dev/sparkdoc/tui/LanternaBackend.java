package dev.sparkdoc.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.screen.Screen;
import java.io.IOException;

/**
 * Copies a {@link Frame} to Lanterna's {@link Screen} layer (not its gui2 toolkit). Only cells
 * that differ from the screen's back buffer are set, and the delta refresh sends only what
 * changed: a quiet screen costs almost no bandwidth over SSH.
 */
public final class LanternaBackend {

    private final Screen screen;
    private final Palette palette;

    public LanternaBackend(Screen screen, Palette palette) {
        this.screen = screen;
        this.palette = palette;
    }

    /** Frames should be rendered at this size. */
    public TerminalSize size() {
        return screen.getTerminalSize();
    }

    public void draw(Frame frame) throws IOException {
        TerminalSize size = screen.getTerminalSize();
        int cols = Math.min(size.getColumns(), frame.width());
        int rows = Math.min(size.getRows(), frame.height());
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                String text = frame.cellAt(c, r);
                if (text.isEmpty()) {
                    continue; // the right half of a wide character: Lanterna draws both halves
                }
                TextCharacter cell = palette.cell(text, frame.toneAt(c, r));
                if (!cell.equals(screen.getBackCharacter(c, r))) {
                    screen.setCharacter(c, r, cell);
                }
            }
        }
        screen.setCursorPosition(null);
        screen.refresh(Screen.RefreshType.DELTA);
    }
}
