package dev.sparkdoc.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * Runs {@code sparkdoc diff} in-process with the CLI's error handling and captured output, for
 * tests outside this package (DiffCommand is package-private, and is registered in
 * SparkdocCommand separately).
 */
public record DiffCli(int exitCode, String out, String err) {

    public static synchronized DiffCli run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            CommandLine cli = new CommandLine(new DiffCommand());
            cli.setExecutionExceptionHandler(new ErrorHandler());
            cli.setParameterExceptionHandler(new UsageErrorHandler());
            cli.setExitCodeExceptionMapper(ErrorHandler::exitCodeOf);
            cli.setOut(new java.io.PrintWriter(o, true));
            cli.setErr(new java.io.PrintWriter(e, true));
            int code = cli.execute(args);
            return new DiffCli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
