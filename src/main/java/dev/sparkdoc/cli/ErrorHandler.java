package dev.sparkdoc.cli;

import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.targets.TargetException;
import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns an exception into one line on stderr and an exit code; the stack trace only with
 * {@code --verbose}.
 */
final class ErrorHandler implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cli, ParseResult parseResult) {
        boolean verbose = parseResult.hasMatchedOption("--verbose")
                || (parseResult.subcommand() != null && parseResult.subcommand().hasMatchedOption("--verbose"));
        int code = exitCodeOf(ex);
        String message = OutOfMemory.in(ex).isPresent() ? OutOfMemory.message()
                : code == ExitCode.INTERNAL ? "internal error: " + ex + " (please report it; run with --verbose for details)"
                : ex.getMessage();
        // messages quote targets, server answers and file contents: never let them drive the terminal
        String safe = ex instanceof UsageException u && u.configMistake()
                ? dev.sparkdoc.redact.Redaction.ownMessage(String.valueOf(message))
                : dev.sparkdoc.redact.Redaction.text(String.valueOf(message));
        cli.getErr().println("sparkdoc: " + SafeText.line(SafeText.capped(safe, 2_000)));
        if (verbose) {
            java.io.StringWriter trace = new java.io.StringWriter();
            ex.printStackTrace(new java.io.PrintWriter(trace));
            cli.getErr().print(SafeText.clean(dev.sparkdoc.redact.Redaction.text(trace.toString())));
        }
        cli.getErr().flush();
        return code;
    }

    static int exitCodeOf(Throwable ex) {
        if (OutOfMemory.in(ex).isPresent()) {
            return ExitCode.TARGET_UNREADABLE;
        }
        if (ex instanceof TargetException || ex instanceof CommandLine.ParameterException
                || ex instanceof UsageException || ex instanceof DataFileException) {
            return ExitCode.USAGE;
        }
        if (ex instanceof SourceException || ex instanceof dev.sparkdoc.fleet.store.StoreException) {
            return ExitCode.TARGET_UNREADABLE;
        }
        if (ex instanceof OutputException || ex instanceof IOException || ex instanceof UncheckedIOException) {
            return ExitCode.TARGET_UNREADABLE;
        }
        return ExitCode.INTERNAL;
    }
}
