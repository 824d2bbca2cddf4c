package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/** Every command's --help at 80 columns: no line longer, no picocli warning, no text cut short. */
class HelpTextTest {

    static Stream<String> commands() {
        return ManPage.tree(Main.commandLine()).stream().map(c -> c.getCommandSpec().qualifiedName(" "));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void helpFitsEightyColumnsAndSaysEverythingInFull(String qualifiedName) {
        List<String> words = Arrays.asList(qualifiedName.split(" "));
        String[] args = Stream.concat(words.stream().skip(1), Stream.of("--help")).toArray(String[]::new);
        CommandLine command = find(Main.commandLine(), words.subList(1, words.size()));

        CliRun r = CliRun.of(args);

        assertThat(r.exitCode()).isZero();
        assertThat(r.err()).doesNotContain("[picocli WARN]").isEmpty();
        SoftAssertions soft = new SoftAssertions();
        r.out().lines().forEach(l -> soft.assertThat(l.length()).as("%s: %s", qualifiedName, l).isLessThanOrEqualTo(80));
        String help = flat(r.out());
        String[] description = command.getCommandSpec().usageMessage().description();
        // the first line is what a parent's command list shows: a whole sentence
        soft.assertThat(description[0].strip()).as("first description line of %s", qualifiedName).endsWith(".");
        for (String paragraph : description) {
            soft.assertThat(help).as("%s help", qualifiedName).contains(flat(unformat(paragraph)));
            if (!paragraph.startsWith(" ")) { // indented: an example line
                soft.assertThat(paragraph.strip()).as("a paragraph of %s ends a sentence", qualifiedName).endsWith(".");
            }
        }
        for (ArgSpec arg : command.getCommandSpec().args()) {
            if (!arg.hidden()) {
                soft.assertThat(help).as("%s help", qualifiedName).contains(flat(unformat(String.join(" ", arg.description()))));
            }
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            soft.assertThat(help).as("%s lists %s in full", qualifiedName, sub.getCommandName())
                    .contains(flat(sub.getCommandName() + " " + sub.getCommandSpec().usageMessage().description()[0]));
        }
        soft.assertAll();
    }

    private static CommandLine find(CommandLine root, List<String> path) {
        CommandLine c = root;
        for (String name : path) {
            c = c.getSubcommands().get(name);
        }
        return c;
    }

    /** Without white space: picocli wraps at spaces and also inside a long word (docs/triage.|schema.json). */
    private static String flat(String text) {
        return text.replaceAll("\\s+", "");
    }

    private static String unformat(String text) {
        return text.replace("%n", " ").replace("%%", "%");
    }
}
