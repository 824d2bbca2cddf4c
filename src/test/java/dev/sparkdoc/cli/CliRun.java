package dev.sparkdoc.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in-process, with the real handlers and exit codes, stdout and stderr captured. */
public record CliRun(int exitCode, String out, String err) {

    public static CliRun of(String... args) {
        return withStdin("", args);
    }

    /** As {@link #of}, with {@code clock} as the readers' now (how long an event log has been quiet). */
    public static CliRun at(java.time.Clock clock, String... args) {
        return run(clock, "", args);
    }

    public static CliRun withStdin(String stdin, String... args) {
        return run(java.time.Clock.systemUTC(), stdin, args);
    }

    private static synchronized CliRun run(java.time.Clock clock, String stdin, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        InputStream oldIn = System.in;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            var cli = Main.commandLine(clock, args);
            cli.setOut(new PrintWriter(o, true));
            cli.setErr(new PrintWriter(e, true));
            int code = cli.execute(args);
            return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
            System.setIn(oldIn);
        }
    }
}
