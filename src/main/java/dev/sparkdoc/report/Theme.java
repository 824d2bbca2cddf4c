package dev.sparkdoc.report;

import dev.sparkdoc.rules.Severity;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * Colours for line output, or none. Neither JLine nor Lanterna reads NO_COLOR
 * (https://no-color.org): sparkdoc decides here.
 */
public record Theme(boolean color) {

    public static final Theme PLAIN = new Theme(false);

    /** Colour only on a terminal, and never with NO_COLOR set or --no-color. */
    public static Theme detect(boolean noColorFlag) {
        String noColor = System.getenv("NO_COLOR");
        boolean terminal = System.console() != null && !"dumb".equals(System.getenv("TERM"));
        return new Theme(terminal && !noColorFlag && (noColor == null || noColor.isEmpty()));
    }

    public String severity(Severity s, String text) {
        return switch (s) {
            case CRITICAL -> style(text, AttributedStyle.BOLD.foreground(AttributedStyle.RED));
            case WARNING -> style(text, AttributedStyle.BOLD.foreground(AttributedStyle.YELLOW));
            case INFO -> style(text, AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN));
            case OK -> style(text, AttributedStyle.BOLD.foreground(AttributedStyle.GREEN));
        };
    }

    public String bold(String text) {
        return style(text, AttributedStyle.BOLD);
    }

    public String dim(String text) {
        return style(text, AttributedStyle.DEFAULT.faint());
    }

    public String conf(String text) {
        return style(text, AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN));
    }

    private String style(String text, AttributedStyle style) {
        if (!color) {
            return text;
        }
        return new AttributedStringBuilder().style(style).append(text).style(AttributedStyle.DEFAULT).toAnsi();
    }
}
