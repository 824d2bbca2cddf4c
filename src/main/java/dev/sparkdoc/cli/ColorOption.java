package dev.sparkdoc.cli;

import dev.sparkdoc.report.Theme;
import picocli.CommandLine.Option;

/**
 * {@code --no-color}, for every command that prints in colour. Where the text differs for one
 * command, OptionHelp.properties says so under the command's name (picocli's qualified keys).
 */
final class ColorOption {

    @Option(names = "--no-color", descriptionKey = "no-color",
            description = "no colours (also when NO_COLOR is set or stdout is not a terminal)")
    boolean noColor;

    /** The config file's {@code color: never} (Main's factory). */
    private final CliContext context;


    ColorOption(CliContext context) {
        this.context = context;
    }

    /** The flag alone, for views that decide about the terminal themselves (the live view). */
    boolean noColor() {
        return noColor || context.config().noColor();
    }

    /** Colours only on a terminal, without --no-color and NO_COLOR. */
    Theme theme() {
        return Theme.detect(noColor());
    }
}
