package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sparkdoc explain through the real command line wiring (error handler and exit codes of Main). */
class ExplainCommandTest {

    @TempDir
    Path dir;

    private static final String TRACE = "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n"
            + "\tat org.apache.spark.sql.Dataset.collect(Dataset.scala:3575)\n"
            + "\tat com.acme.Report$.main(Report.scala:58)\n";

    private static CliRun run(String stdin, String... args) {
        return CliRun.withStdin(stdin, args);
    }

    @Test
    void explainsAFileAndExitsZero() throws Exception {
        Path f = Files.writeString(dir.resolve("driver.log"), TRACE);

        CliRun r = run("", "explain", f.toString());

        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("java.lang.OutOfMemoryError: Java heap space", "where:  Report.scala:58", "--conf spark.driver.memory=");
    }

    @Test
    void readsStandardInputWithDashOrNoArgument() {
        assertThat(run(TRACE, "explain", "-").out()).contains("driver-memory");
        assertThat(run(TRACE, "explain").exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void jsonOutputParsesAndFollowsTheContract() throws Exception {
        CliRun r = run(TRACE, "explain", "--json");

        JsonNode e = new ObjectMapper().readTree(r.out()).get("errors").get(0);
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(e.get("exception").asText()).isEqualTo("java.lang.OutOfMemoryError");
        assertThat(e.get("userFrame").get("line").asInt()).isEqualTo(58);
        assertThat(e.get("family").asText()).isEqualTo("driver-memory");
    }

    @Test
    void nothingRecognisableExitsOne() {
        CliRun r = run("hello world\nall good here\n", "explain");

        assertThat(r.exitCode()).isEqualTo(ExplainCommand.NOTHING_FOUND);
        assertThat(r.err()).contains("no Spark, JVM or Python error found in standard input");
    }

    @Test
    void nothingFoundIsSaidOnce() {
        CliRun r = run("hello world\n", "explain");

        // it was said on stdout ("No Spark, JVM or Python error found in the text.") and again on stderr
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).hasLineCount(1).containsOnlyOnce("error found");
    }

    @Test
    void nothingFoundInJsonIsAnEmptyListAndTheOneLine() throws Exception {
        CliRun r = run("hello world\n", "explain", "--json");

        assertThat(new ObjectMapper().readTree(r.out()).get("errors")).isEmpty();
        assertThat(r.err()).hasLineCount(1).contains("no Spark, JVM or Python error found");
    }

    @Test
    void aTerminalOnStandardInputIsToldHowToEndTheInput() {
        System.setProperty("sparkdoc.stdin.terminal", "true");
        try {
            CliRun r = run(TRACE, "explain");

            assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
            assertThat(r.err()).isEqualTo("sparkdoc: reading the error from standard input; paste it, then press Ctrl-D\n");
            // '-' says standard input on purpose: nothing to explain
            assertThat(run(TRACE, "explain", "-").err()).isEmpty();
        } finally {
            System.clearProperty("sparkdoc.stdin.terminal");
        }
    }

    @Test
    void aPipeOnStandardInputGetsNoHint() {
        System.setProperty("sparkdoc.stdin.terminal", "false");
        try {
            assertThat(run(TRACE, "explain").err()).isEmpty();
        } finally {
            System.clearProperty("sparkdoc.stdin.terminal");
        }
    }

    @Test
    void missingFileExitsThreeWithOneLine() {
        CliRun r = run("", "explain", dir.resolve("nope.log").toString());

        assertThat(r.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(r.err().strip()).startsWith("sparkdoc: ").endsWith("nope.log: no such file").doesNotContain("\n");
    }

    @Test
    void folderExitsThree() {
        assertThat(run("", "explain", dir.toString()).exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
    }

    @Test
    void unknownOptionExitsTwo() {
        assertThat(run("", "explain", "--frobnicate").exitCode()).isEqualTo(ExitCode.USAGE);
    }
}
