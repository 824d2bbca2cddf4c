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
import dev.sparkdoc.userconfig.UserDirs;

/** Runs the CLI in-process, with the real handlers and exit codes, stdout and stderr captured. */
public record CliRun(int exitCode, String out, String err) {

    /**
     * The readers' "now" for every run: a fixed instant, so an event log's quiet time and every
     * age printed are the same on any day. Logs written or checked out later read as "just
     * written" (quiet 0), as they do on a fresh clone. Against a server the test started (a live
     * driver, a History Server) the REST reader measures running times on the server's own
     * clock, from its Date headers, so this clock does not move what those runs assert.
     */
    public static final Clock FIXED = Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);

    public static CliRun of(String... args) {
        return withStdin("", args);
    }

    /** As {@link #of}, with {@code clock} as the readers' now (how long an event log has been quiet). */
    public static CliRun at(Clock clock, String... args) {
        return run(clock, "", args);
    }

    public static CliRun withStdin(String stdin, String... args) {
        return run(FIXED, stdin, args);
    }

    /** As {@link #of}, with {@code env} (XDG_CONFIG_HOME, SPARKDOC_CONFIG, secrets) and {@code home} as the user's. */
    public static CliRun withEnv(java.util.Map<String, String> env, java.nio.file.Path home, String... args) {
        return run(new CliContext(FIXED, new UserDirs(env, home)), "", args);
    }

    private static CliRun run(Clock clock, String stdin, String... args) {
        return run(new CliContext(clock, ISOLATED), stdin, args);
    }

    /**
     * No test reads the config file of whoever runs the tests: an empty environment and a home
     * folder that holds nothing.
     */
    private static final UserDirs ISOLATED = new UserDirs(java.util.Map.of(), emptyHome());

    private static java.nio.file.Path emptyHome() {
        try {
            java.nio.file.Path home = java.nio.file.Files.createTempDirectory("sparkdoc-test-home");
            home.toFile().deleteOnExit();
            return home;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static synchronized CliRun run(CliContext context, String stdin, String... args) {
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
            var cli = Main.commandLine(context, args);
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
