package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.ForkedProcess;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Standard output that cannot take the data, with sparkdoc as a real process (only there is
 * stdout a file descriptor): a full disk ({@code > /dev/full}) is one line and exit 3 for every
 * command that prints data; a reader that closes its pipe ({@code | head -1}) ends the run
 * quietly, with the exit code it would have had.
 */
@ForkedProcess
class WriteFailuresTest {

    private static final String LOG = "src/test/resources/spark/eventlogs/skewed-join-plain/local-1795967353438";
    private static final String NO_SPACE =
            "sparkdoc: cannot write standard output: No space left on device; free some space, or write elsewhere";
    private static final String TRACE = "Traceback (most recent call last):\n  File \"job.py\", line 3, in <module>\n"
            + "    x = 1 / 0\nZeroDivisionError: division by zero\n";

    @TempDir
    static Path dir;

    /** A History Server with no finished application: fleet mode prints its (empty) table. */
    @RegisterExtension
    static final FakeSpark historyServer = new FakeSpark();

    @BeforeAll
    static void start() throws IOException {
        Files.writeString(dir.resolve("trace.txt"), TRACE);
        historyServer.routes().otherwise(request -> new MockResponse.Builder()
                .setHeader("Content-Type", "application/json").body("[]").build());
    }

    static Stream<List<String>> commandsThatPrintData() {
        String trace = dir.resolve("trace.txt").toString();
        return Stream.of(
                List.of("triage", LOG),
                List.of("triage", "--json", LOG),
                List.of("triage", historyServer.url("/").toString(), "--all-apps"),
                List.of("triage", historyServer.url("/").toString(), "--all-apps", "--json"),
                List.of("snapshot", LOG),
                List.of("explain", trace),
                List.of("explain", "--json", trace),
                List.of("diff", LOG, LOG),
                List.of("diff", "--json", LOG, LOG),
                List.of("ps"),
                List.of("ps", "--json"),
                List.of("rules", "list"),
                List.of("rules", "show", "skew.stage-task-time"),
                List.of("rules", "check", "src/main/resources/rules"),
                // no terminal: attach prints the triage report instead, and says so first
                List.of("attach", LOG));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandsThatPrintData")
    void aFullDiskOnStdoutIsExitThreeInOneLine(List<String> args) throws Exception {
        assumeTrue(new File("/dev/full").exists(), "needs /dev/full");

        CliProcess.Ended run = CliProcess.run(new File("/dev/full"), args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err().lines().filter(line -> !line.startsWith("sparkdoc: not a terminal"))).containsExactly(NO_SPACE);
    }

    static Stream<Arguments> runsAndTheirUsualCodes() {
        return Stream.of(
                Arguments.of(List.of("triage", "--fail-on", "warning", LOG), ExitCode.FINDINGS),
                Arguments.of(List.of("triage", "--json", LOG), ExitCode.OK),
                // not even the summary: it would say what was written
                Arguments.of(List.of("snapshot", LOG), ExitCode.OK),
                Arguments.of(List.of("explain", dir.resolve("trace.txt").toString()), ExitCode.OK));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runsAndTheirUsualCodes")
    void aPipeClosedBeforeTheOutputEndsTheRunQuietlyWithItsUsualCode(List<String> args, int usual) throws Exception {
        try (CliProcess child = CliProcess.start(ProcessBuilder.Redirect.PIPE, args.toArray(String[]::new))) {
            // closed long before the JVM has started, let alone read the log: every write meets EPIPE
            child.process().getInputStream().close();

            CliProcess.Ended run = child.ended();

            assertThat(run.exitCode()).as(run.err()).isEqualTo(usual);
            assertThat(run.err()).isEmpty();
        }
    }

    @Test
    void psWatchStopsQuietlyWhenTheReaderClosesThePipeAfterOneLine() throws Exception {
        try (CliProcess child = CliProcess.start(ProcessBuilder.Redirect.PIPE, "ps", "--watch", "0.1")) {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.process().getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).startsWith("sparkdoc ps");
            out.close();

            CliProcess.Ended run = child.ended();

            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
            assertThat(run.err()).isEmpty();
        }
    }
}
