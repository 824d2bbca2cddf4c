package dev.sparkdoc.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * Runs {@code sparkdoc ps} in-process with the same handlers as {@link Main#commandLine()}, until
 * PsCommand is registered in SparkdocCommand; then {@code CliRun.of("ps", …)} does the same.
 */
public record PsCli(int exitCode, String out, String err) {

    public static synchronized PsCli run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            CommandLine cli = new CommandLine(new PsCommand());
            cli.setExecutionExceptionHandler(new ErrorHandler());
            cli.setParameterExceptionHandler(new UsageErrorHandler());
            cli.setExitCodeExceptionMapper(ErrorHandler::exitCodeOf);
            cli.setOut(new PrintWriter(o, true));
            cli.setErr(new PrintWriter(e, true));
            int code = cli.execute(args);
            return new PsCli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
