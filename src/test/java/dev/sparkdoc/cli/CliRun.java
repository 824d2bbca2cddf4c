package dev.sparkdoc.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** Runs the CLI in-process, with the real handlers and exit codes, stdout and stderr captured. */
public record CliRun(int exitCode, String out, String err) {

    /**
     * The readers' "now" for every run that does not talk to a live driver: a fixed instant, so
     * an event log's quiet time and every age printed are the same on any day. Logs written or
     * checked out later read as "just written" (quiet 0), as they do on a fresh clone.
     */
    public static final Clock FIXED = Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);

    public static CliRun of(String... args) {
        return withStdin("", args);
    }

    /**
     * The one real clock of these tests, for runs that measure real time against a server the test
     * started: a live driver or History Server stamps application starts, task launches and its
     * Date headers with the real clock, and {@code --since 1s} is measured against it. Every other
     * run, event logs included, reads {@link #FIXED}.
     */
    private static final Clock REAL_TIME = Clock.systemUTC();

    /** Against a live Spark driver (or History Server) of the test's own: see {@link #REAL_TIME}. */
    public static CliRun live(String... args) {
        return run(REAL_TIME, "", args);
    }


    /** As {@link #of}, with {@code clock} as the readers' now (how long an event log has been quiet). */
    public static CliRun at(Clock clock, String... args) {
        return run(clock, "", args);
    }

    public static CliRun withStdin(String stdin, String... args) {
        return run(FIXED, stdin, args);
    }

    private static synchronized CliRun run(Clock clock, String stdin, String... args) {
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
