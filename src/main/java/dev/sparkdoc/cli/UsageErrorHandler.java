package dev.sparkdoc.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
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
                : missesAllApps(ex) ? "--since and --limit work with --all-apps only: run 'sparkdoc fleet URL' with them"
                : withoutPrefix(ex.getMessage()) + " (see '" + cli.getCommandSpec().qualifiedName() + " --help')";
        err.println("sparkdoc: " + dev.sparkdoc.report.SafeText.line(line));
        err.flush();
        return ExitCode.USAGE;
    }

    /** {@code triage --since 24h}: picocli's "Missing required argument(s): --all-apps" does not say what to run instead. */
    private static boolean missesAllApps(ParameterException ex) {
        return ex instanceof MissingParameterException missing && missing.getMissing().stream()
                .anyMatch(arg -> arg instanceof OptionSpec option && option.longestName().equals("--all-apps"));
    }

    /** Picocli starts some messages (an argument group's) with "Error: ": ours already start with "sparkdoc: ". */
    private static String withoutPrefix(String message) {
        return message.startsWith("Error: ") ? message.substring("Error: ".length()) : message;
    }
}
