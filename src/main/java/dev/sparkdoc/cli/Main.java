package dev.sparkdoc.cli;

import picocli.CommandLine;

/** Entry point: wires the command tree, the error handler and exit codes, then runs. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line and returns its exit code (see {@link ExitCode}); never exits the JVM. */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new SparkdocCommand());
        cli.setExecutionExceptionHandler(new ErrorHandler());
        cli.setParameterExceptionHandler(new UsageErrorHandler());
        cli.setExitCodeExceptionMapper(ErrorHandler::exitCodeOf);
        return cli;
    }
}
