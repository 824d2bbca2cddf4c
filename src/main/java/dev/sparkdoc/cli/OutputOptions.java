package dev.sparkdoc.cli;

import dev.sparkdoc.report.Theme;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a report is printed: {@code --json} or coloured text. Each command's {@code --json} names
 * its own schema or shape: the texts are in OptionHelp.properties, under the command's name.
 */
final class OutputOptions {

    @Option(names = "--json", descriptionKey = "json", description = "print the report as JSON")
    boolean json;

    @Mixin
    ColorOption color;

    boolean json() {
        return json;
    }

    Theme theme() {
        return color.theme();
    }
}
