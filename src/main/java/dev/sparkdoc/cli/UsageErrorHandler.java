package dev.sparkdoc.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import dev.sparkdoc.datafile.DidYouMean;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/** Bad usage: one line saying what is wrong and where to look, exit code 2. */
final class UsageErrorHandler implements IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cli = ex.getCommandLine();
        PrintWriter err = cli.getErr();
        // an option's own converter says what is wrong and what to give instead, as a check in the command would
        String line = ex.getCause() instanceof UsageException own ? own.getMessage()
                : ex.getCause() instanceof NumberOptions.BelowMinimum low ? optionName(ex) + " " + low.getMessage()
                : missesAllApps(ex) ? "--since and --limit work with --all-apps only: run 'sparkdoc fleet URL' with them"
                : ex instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()
                        ? unmatched(cli, unmatched.getUnmatched().get(0))
                : withoutPrefix(ex.getMessage()) + " (see '" + cli.getCommandSpec().qualifiedName() + " --help')";
        err.println("sparkdoc: " + dev.sparkdoc.report.SafeText.line(line));
        err.flush();
        return ExitCode.USAGE;
    }

    /**
     * {@code sparkdoc triag X}, {@code triage --jsno}: picocli says "Unmatched arguments from index
     * 0" or lists its guesses on lines of their own; one line names the word and the nearest name.
     */
    private static String unmatched(CommandLine cli, String word) {
        String help = " (see '" + cli.getCommandSpec().qualifiedName() + " --help')";
        if (word.startsWith("-")) {
            String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            List<String> options = cli.getCommandSpec().options().stream().filter(o -> !o.hidden())
                    .flatMap(o -> Arrays.stream(o.names())).toList();
            return "unknown option '" + name + "'" + DidYouMean.quoted(options, name) + help;
        }
        if (!cli.getSubcommands().isEmpty()) {
            List<String> commands = ManPage.visible(cli).stream().map(CommandLine::getCommandName).toList();
            return "unknown command '" + word + "'" + DidYouMean.quoted(commands, word) + help;
        }
        return "unexpected argument '" + word + "'" + help;
    }

    /** {@code triage --since 24h}: picocli's "Missing required argument(s): --all-apps" does not say what to run instead. */
    private static boolean missesAllApps(ParameterException ex) {
        return ex instanceof MissingParameterException missing && missing.getMissing().stream()
                .anyMatch(arg -> arg instanceof OptionSpec option && option.longestName().equals("--all-apps"));
    }

    private static String optionName(ParameterException ex) {
        return ex.getArgSpec() instanceof OptionSpec option ? option.longestName() : ex.getArgSpec().paramLabel();
    }

    /** Picocli starts some messages (an argument group's) with "Error: ": ours already start with "sparkdoc: ". */
    private static String withoutPrefix(String message) {
        return message.startsWith("Error: ") ? message.substring("Error: ".length()) : message;
    }
}
