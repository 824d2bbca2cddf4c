package dev.sparkdoc.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * One man page (troff, the man macros) per command, from picocli's model of it: NAME, SYNOPSIS,
 * DESCRIPTION, ARGUMENTS, OPTIONS, COMMANDS, SEE ALSO. Picocli's own ManPageGenerator writes
 * AsciiDoc, which needs asciidoctor to become a page {@code man} can show.
 */
final class ManPage {

    private static final String USAGE_INDENT = " ".repeat("Usage: ".length());

    private ManPage() {
    }

    /** The page's file name: {@code sparkdoc-rules-show.1} for {@code sparkdoc rules show}. */
    static String fileName(CommandLine command) {
        return pageName(command.getCommandSpec()) + ".1";
    }

    static String troff(CommandLine command, String version) {
        CommandSpec spec = command.getCommandSpec();
        String[] description = spec.usageMessage().description();
        List<String> out = new ArrayList<>();
        out.add(".\\\" generated from sparkdoc's command model (dev.sparkdoc.cli.ManPage); do not edit");
        out.add(".TH \"" + pageName(spec).toUpperCase(Locale.ROOT) + "\" 1 \"\" \"sparkdoc " + escape(version)
                + "\" \"sparkdoc manual\"");
        out.add(".SH NAME");
        out.add(escape(pageName(spec)) + " \\- " + escape(description.length > 0 ? description[0] : ""));
        out.add(".SH SYNOPSIS");
        out.add(".nf");
        String synopsis = command.getHelp().synopsis(0).stripTrailing();
        // picocli indents the wrapped lines under its "Usage: " heading, which a man page does not print
        synopsis.lines().map(l -> l.startsWith(USAGE_INDENT) ? l.substring(USAGE_INDENT.length()) : l).forEach(l -> out.add(escape(l)));
        out.add(".fi");
        out.add(".SH DESCRIPTION");
        paragraphs(out, description);
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (!positionals.isEmpty()) {
            out.add(".SH ARGUMENTS");
            for (PositionalParamSpec p : positionals) {
                out.add(".TP");
                out.add("\\fI" + escape(p.paramLabel()) + "\\fR");
                out.add(escape(text(p)));
            }
        }
        List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden()).toList();
        if (!options.isEmpty()) {
            out.add(".SH OPTIONS");
            for (OptionSpec o : options) {
                out.add(".TP");
                String names = Arrays.stream(o.names()).map(n -> "\\fB" + escape(n) + "\\fR").collect(Collectors.joining(", "));
                out.add(o.arity().max() > 0 ? names + " \\fI" + escape(o.paramLabel()) + "\\fR" : names);
                out.add(escape(text(o)));
            }
        }
        List<CommandLine> subcommands = visible(command);
        if (!subcommands.isEmpty()) {
            out.add(".SH COMMANDS");
            for (CommandLine sub : subcommands) {
                out.add(".TP");
                out.add("\\fB" + escape(sub.getCommandName()) + "\\fR");
                String[] d = sub.getCommandSpec().usageMessage().description();
                out.add(escape(d.length > 0 ? d[0] : "") + " See \\fB" + escape(pageName(sub.getCommandSpec())) + "\\fR(1).");
            }
        }
        String[] footer = spec.usageMessage().footer();
        if (Arrays.stream(footer).anyMatch(l -> !l.isBlank())) {
            out.add(".SH NOTES");
            paragraphs(out, footer);
        }
        List<String> related = new ArrayList<>();
        if (spec.parent() != null) {
            related.add(pageName(spec.parent()));
        }
        subcommands.forEach(s -> related.add(pageName(s.getCommandSpec())));
        if (!related.isEmpty()) {
            out.add(".SH SEE ALSO");
            out.add(related.stream().map(r -> "\\fB" + escape(r) + "\\fR(1)").collect(Collectors.joining(", ")));
        }
        return String.join("\n", out) + "\n";
    }

    /** This command and every command under it, parents first. */
    static List<CommandLine> tree(CommandLine root) {
        List<CommandLine> all = new ArrayList<>(List.of(root));
        visible(root).forEach(sub -> all.addAll(tree(sub)));
        return all;
    }

    /** The subcommands a user is shown (help, man pages, did-you-mean): not the hidden ones, each once. */
    static List<CommandLine> visible(CommandLine command) {
        // picocli lists an alias as a second entry of the same command
        return command.getSubcommands().values().stream().distinct()
                .filter(c -> !c.getCommandSpec().usageMessage().hidden()).toList();
    }

    /** Description and footer lines: one paragraph each; an indented line (an example) kept as it is. */
    private static void paragraphs(List<String> out, String[] lines) {
        boolean verbatim = false;
        for (String line : lines) {
            String text = unformat(line);
            if (text.isBlank()) {
                continue;
            }
            boolean indented = text.startsWith(" ");
            if (indented && !verbatim) {
                out.add(".PP");
                out.add(".nf");
                verbatim = true;
            } else if (!indented && verbatim) {
                out.add(".fi");
                verbatim = false;
            }
            if (!indented) {
                out.add(".PP");
            }
            out.add(escape(text));
        }
        if (verbatim) {
            out.add(".fi");
        }
    }

    /** An option's or parameter's help, with picocli's ${DEFAULT-VALUE} and the like filled in. */
    private static String text(ArgSpec arg) {
        return unformat(String.join(" ", arg.description()));
    }

    /** Picocli's help strings are format strings: %n a new line, %% a per cent sign. */
    private static String unformat(String line) {
        return line.replace("%n", "\n").replace("%%", "%");
    }

    private static String pageName(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    /** Text as troff reads it literally: backslashes, hyphens (options), non-ASCII, and a leading dot or quote. */
    static String escape(String text) {
        StringBuilder b = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == '\\') {
                b.append("\\e");
            } else if (c == '-') {
                b.append("\\-");
            } else if (c > 126) {
                // the page's bytes stay ASCII, whatever man's locale: groff names the character itself
                b.append(String.format(Locale.ROOT, "\\[u%04X]", c));
            } else {
                b.append((char) c);
            }
        });
        String s = b.toString();
        return s.lines().map(l -> l.startsWith(".") || l.startsWith("'") ? "\\&" + l : l).collect(Collectors.joining("\n"));
    }
}
