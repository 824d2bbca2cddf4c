package dev.sparkdoc.tui;

import java.util.Arrays;

/**
 * sparkdoc's own screen: a grid of characters, each with a {@link Tone}. Views draw into a frame;
 * backends copy it to a terminal or to text. Every write is clipped to the grid, so a view can
 * never overflow the screen, and text that does not fit ends with an ellipsis.
 */
public final class Frame {

    public static final char ELLIPSIS = '…';

    private final int width;
    private final int height;
    private final char[] chars;
    private final Tone[] tones;

    public Frame(int width, int height) {
        this.width = Math.max(0, width);
        this.height = Math.max(0, height);
        this.chars = new char[this.width * this.height];
        this.tones = new Tone[this.width * this.height];
        Arrays.fill(chars, ' ');
        Arrays.fill(tones, Tone.NORMAL);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public char charAt(int col, int row) {
        return chars[row * width + col];
    }

    public Tone toneAt(int col, int row) {
        return tones[row * width + col];
    }

    public void set(int col, int row, char c, Tone tone) {
        if (col < 0 || row < 0 || col >= width || row >= height) {
            return;
        }
        // control characters would move a real terminal's cursor: never let them through
        chars[row * width + col] = c < ' ' ? ' ' : c;
        tones[row * width + col] = tone;
    }

    /**
     * Writes {@code text} from {@code col}, at most {@code max} columns; longer text is cut and
     * ends with {@code …}. Returns the number of columns written.
     */
    public int text(int col, int row, int max, String text, Tone tone) {
        int room = Math.min(max, width - col);
        if (room <= 0 || row < 0 || row >= height) {
            return 0;
        }
        String shown = fit(text, room);
        for (int i = 0; i < shown.length(); i++) {
            set(col + i, row, shown.charAt(i), tone);
        }
        return shown.length();
    }

    /** Writes text to the end of the row. */
    public int text(int col, int row, String text, Tone tone) {
        return text(col, row, width - col, text, tone);
    }

    /** Paints {@code count} cells with one character and tone (backgrounds, bars, selections). */
    public void fill(int col, int row, int count, char c, Tone tone) {
        for (int i = 0; i < count; i++) {
            set(col + i, row, c, tone);
        }
    }

    /** Changes the tone of cells, keeping their characters (a selected row). */
    public void tone(int col, int row, int count, Tone tone) {
        for (int i = 0; i < count; i++) {
            int c = col + i;
            if (c >= 0 && c < width && row >= 0 && row < height) {
                tones[row * width + c] = tone;
            }
        }
    }

    /** Text cut to {@code room} columns, ending with {@code …} when it was longer. */
    public static String fit(String text, int room) {
        String flat = text.replace('\n', ' ').replace('\t', ' ');
        if (room <= 0) {
            return "";
        }
        if (flat.length() <= room) {
            return flat;
        }
        return flat.substring(0, room - 1) + ELLIPSIS;
    }

    /** Text padded or cut to exactly {@code room} columns, right-aligned when asked. */
    public static String pad(String text, int room, boolean right) {
        String f = fit(text, room);
        String spaces = " ".repeat(Math.max(0, room - f.length()));
        return right ? spaces + f : f + spaces;
    }

    /** One row as text (the text backend and tests). */
    public String row(int row) {
        return new String(chars, row * width, width);
    }
}
