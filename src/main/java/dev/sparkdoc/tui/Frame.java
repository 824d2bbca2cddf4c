package dev.sparkdoc.tui;

import dev.sparkdoc.report.SafeText;
import java.util.Arrays;
import java.util.List;

/**
 * sparkdoc's own screen: a grid of characters, each with a {@link Tone}. Views draw into a frame;
 * backends copy it to a terminal or to text. Every write is clipped to the grid, so a view can
 * never overflow the screen, and text that does not fit ends with an ellipsis. Everything written
 * goes through the frame's {@link Glyphs}: ASCII for a terminal that is not UTF-8.
 */
public final class Frame {

    /** The cell right of a wide (CJK, emoji) character: it belongs to that character. */
    static final String WIDE_TAIL = "";

    private final int width;
    private final int height;
    /** One code point per cell (a string, so emoji outside the BMP fit), or {@link #WIDE_TAIL}. */
    private final String[] cells;
    private final Tone[] tones;
    private final Glyphs glyphs;

    public Frame(int width, int height) {
        this(width, height, Glyphs.UNICODE);
    }

    public Frame(int width, int height, Glyphs glyphs) {
        this.glyphs = glyphs;
        this.width = Math.max(0, width);
        this.height = Math.max(0, height);
        this.cells = new String[this.width * this.height];
        this.tones = new Tone[this.width * this.height];
        Arrays.fill(cells, " ");
        Arrays.fill(tones, Tone.NORMAL);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public Glyphs glyphs() {
        return glyphs;
    }

    /** The cell's first char; a space for the right half of a wide character. */
    public char charAt(int col, int row) {
        String c = cells[row * width + col];
        return c.isEmpty() ? ' ' : c.charAt(0);
    }

    /** The cell's code point as text, empty for the right half of a wide character. */
    public String cellAt(int col, int row) {
        return cells[row * width + col];
    }

    /** True when the cell holds a character two columns wide. */
    public boolean isWide(int col, int row) {
        return col + 1 < width && cells[row * width + col + 1].isEmpty() && !cells[row * width + col].isEmpty();
    }

    public Tone toneAt(int col, int row) {
        return tones[row * width + col];
    }

    public void set(int col, int row, char c, Tone tone) {
        // control characters would move a real terminal's cursor: never let them through
        boolean control = c < ' ' || (c >= 0x7F && c <= 0x9F) || Character.isSurrogate(c);
        String cell = control ? " " : glyphs.line(String.valueOf(c));
        put(col, row, SafeText.width(cell) == 1 ? cell : "?", 1, tone);
    }

    /** Puts one code point of display width 1 or 2 at a cell; a wide one that does not fit is a space. */
    private void put(int col, int row, String cp, int columns, Tone tone) {
        if (col < 0 || row < 0 || col >= width || row >= height) {
            return;
        }
        if (columns == 2 && col + 1 >= width) {
            cp = " ";
            columns = 1;
        }
        clearPartner(col, row);
        int i = row * width + col;
        cells[i] = cp;
        tones[i] = tone;
        if (columns == 2) {
            clearPartner(col + 1, row);
            cells[i + 1] = WIDE_TAIL;
            tones[i + 1] = tone;
        }
    }

    /** Overwriting half of a wide character leaves a space in its other half. */
    private void clearPartner(int col, int row) {
        int i = row * width + col;
        if (cells[i].isEmpty() && col > 0) {
            cells[i - 1] = " ";
        } else if (col + 1 < width && cells[i + 1].isEmpty()) {
            cells[i + 1] = " ";
        }
    }

    /**
     * Writes {@code text} from {@code col}, at most {@code max} columns; longer text is cut and
     * ends with {@code …}. Foreign text is cleaned here ({@link SafeText}): every view draws
     * through this method. Returns the number of columns written.
     */
    public int text(int col, int row, int max, String text, Tone tone) {
        int room = Math.min(max, width - col);
        if (room <= 0 || row < 0 || row >= height) {
            return 0;
        }
        String shown = glyphs.fit(text, room);
        int c = col;
        for (int i = 0; i < shown.length(); ) {
            int cp = shown.codePointAt(i);
            i += Character.charCount(cp);
            int w = SafeText.width(cp);
            if (w == 0) {
                continue; // combining marks and zero-width characters: no cell of their own
            }
            put(c, row, new String(Character.toChars(cp)), w, tone);
            c += w;
        }
        return c - col;
    }

    /** Writes text to the end of the row. */
    public int text(int col, int row, String text, Tone tone) {
        return text(col, row, width - col, text, tone);
    }

    /** Writes a line of parts to the end of the row, giving way as {@link LineParts} says. */
    int parts(int col, int row, Tone tone, List<LineParts.Part> parts) {
        return text(col, row, LineParts.fit(glyphs, width - col, parts), tone);
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

    /** Text padded or cut to exactly {@code room} display columns, right-aligned when asked. */
    public String pad(String text, int room, boolean right) {
        return glyphs.pad(text, room, right);
    }

    /** One row as text (the text backend and tests); a wide character's right half adds nothing. */
    public String row(int row) {
        StringBuilder b = new StringBuilder(width);
        for (int c = 0; c < width; c++) {
            b.append(cells[row * width + c]);
        }
        return b.toString();
    }
}
