package dev.sparkdoc.tui;

/**
 * One key press, independent of Lanterna so state tests can type keys.
 *
 * @param ch the character for {@link Kind#CHAR}, else 0
 */
public record KeyInput(Kind kind, char ch, boolean ctrl) {

    public enum Kind { CHAR, UP, DOWN, LEFT, RIGHT, PAGE_UP, PAGE_DOWN, HOME, END, ENTER, ESCAPE, TAB, BACK_TAB, BACKSPACE }

    public static KeyInput of(Kind kind) {
        return new KeyInput(kind, '\0', false);
    }

    public static KeyInput ch(char c) {
        return new KeyInput(Kind.CHAR, c, false);
    }

    public static KeyInput ctrl(char c) {
        return new KeyInput(Kind.CHAR, c, true);
    }

    /** Keys from a string, one per character: "jj\t" is j, j, Tab; "\n" is Enter, "\u001b" Esc. */
    public static java.util.List<KeyInput> typed(String keys) {
        return keys.chars().mapToObj(c -> switch (c) {
            case '\n' -> of(Kind.ENTER);
            case '\t' -> of(Kind.TAB);
            case 27 -> of(Kind.ESCAPE);
            case 127 -> of(Kind.BACKSPACE);
            default -> ch((char) c);
        }).toList();
    }
}
