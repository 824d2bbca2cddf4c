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
        err.println("sparkdoc: " + dev.sparkdoc.report.SafeText.line(ex.getMessage()) + " (see '" + cli.getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return ExitCode.USAGE;
    }
}
