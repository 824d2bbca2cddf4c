package dev.sparkdoc.tui;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import java.util.EnumSet;
import java.util.Map;

/**
 * How tones look on a terminal. Without colour (https://no-color.org, {@code --no-color}) only
 * bold and reverse remain, so selection and severity still stand out.
 */
public record Palette(boolean color) {

    /** Colour unless {@code --no-color} was given or NO_COLOR is set to anything non-empty. */
    public static Palette of(boolean noColorFlag, Map<String, String> env) {
        String noColor = env.get("NO_COLOR");
        return new Palette(!noColorFlag && (noColor == null || noColor.isEmpty()));
    }

    public TextCharacter cell(char c, Tone tone) {
        return cell(String.valueOf(c), tone);
    }

    /** One cell: a single code point (two chars for emoji outside the BMP). */
    public TextCharacter cell(String c, Tone tone) {
        TextColor fg = TextColor.ANSI.DEFAULT;
        TextColor bg = TextColor.ANSI.DEFAULT;
        EnumSet<SGR> sgr = EnumSet.noneOf(SGR.class);
        switch (tone) {
            case SELECTED, TITLE -> sgr.add(SGR.REVERSE);
            case BOLD, CRITICAL, WARNING, ALERT -> sgr.add(SGR.BOLD);
            default -> {
            }
        }
        if (color) {
            switch (tone) {
                case CRITICAL, ALERT -> fg = TextColor.ANSI.RED;
                case WARNING -> fg = TextColor.ANSI.YELLOW;
                case INFO, ACCENT -> fg = TextColor.ANSI.CYAN;
                case GOOD, CONF, BAR -> fg = TextColor.ANSI.GREEN;
                case DIM -> fg = TextColor.ANSI.BLACK_BRIGHT;
                case TITLE -> {
                    sgr.remove(SGR.REVERSE);
                    fg = TextColor.ANSI.BLACK;
                    bg = TextColor.ANSI.CYAN;
                }
                default -> {
                }
            }
        }
        return TextCharacter.fromString(c, fg, bg, sgr.toArray(new SGR[0]))[0];
    }
}
