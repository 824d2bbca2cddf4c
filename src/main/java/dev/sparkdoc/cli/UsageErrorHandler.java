package dev.sparkdoc.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;

/** Bad usage: one line saying what is wrong and where to look, exit code 2. */
final class UsageErrorHandler implements IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cli = ex.getCommandLine();
        PrintWriter err = cli.getErr();
        // an option's own converter says what is wrong and what to give instead, as a check in the command would
        String line = ex.getCause() instanceof UsageException own ? own.getMessage()
                : withoutPrefix(ex.getMessage()) + " (see '" + cli.getCommandSpec().qualifiedName() + " --help')";
        err.println("sparkdoc: " + dev.sparkdoc.report.SafeText.line(line));
        err.flush();
        return ExitCode.USAGE;
    }

    /** Picocli starts some messages (an argument group's) with "Error: ": ours already start with "sparkdoc: ". */
    private static String withoutPrefix(String message) {
        return message.startsWith("Error: ") ? message.substring("Error: ".length()) : message;
    }
}
