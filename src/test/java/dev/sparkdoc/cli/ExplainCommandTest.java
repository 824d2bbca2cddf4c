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

    record Run(int code, String out, String err) {
    }

    private static synchronized Run run(String stdin, String... args) {
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
            var cli = Main.commandLine();
            cli.setOut(new PrintWriter(o, true));
            cli.setErr(new PrintWriter(e, true));
            int code = cli.execute(args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
            System.setIn(oldIn);
        }
    }

    @Test
    void explainsAFileAndExitsZero() throws Exception {
        Path f = Files.writeString(dir.resolve("driver.log"), TRACE);

        Run r = run("", "explain", f.toString());

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("java.lang.OutOfMemoryError: Java heap space", "where:  Report.scala:58", "--conf spark.driver.memory=");
    }

    @Test
    void readsStandardInputWithDashOrNoArgument() {
        assertThat(run(TRACE, "explain", "-").out()).contains("driver-memory");
        assertThat(run(TRACE, "explain").code()).isEqualTo(ExitCode.OK);
    }

    @Test
    void jsonOutputParsesAndFollowsTheContract() throws Exception {
        Run r = run(TRACE, "explain", "--json");

        JsonNode e = new ObjectMapper().readTree(r.out()).get("errors").get(0);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(e.get("exception").asText()).isEqualTo("java.lang.OutOfMemoryError");
        assertThat(e.get("userFrame").get("line").asInt()).isEqualTo(58);
        assertThat(e.get("family").asText()).isEqualTo("driver-memory");
    }

    @Test
    void nothingRecognisableExitsOne() {
        Run r = run("hello world\nall good here\n", "explain");

        assertThat(r.code()).isEqualTo(ExplainCommand.NOTHING_FOUND);
        assertThat(r.err()).contains("no error found in standard input");
    }

    @Test
    void missingFileExitsThreeWithOneLine() {
        Run r = run("", "explain", dir.resolve("nope.log").toString());

        assertThat(r.code()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(r.err().strip()).startsWith("sparkdoc: ").endsWith("nope.log: no such file").doesNotContain("\n");
    }

    @Test
    void folderExitsThree() {
        assertThat(run("", "explain", dir.toString()).code()).isEqualTo(ExitCode.TARGET_UNREADABLE);
    }

    @Test
    void unknownOptionExitsTwo() {
        assertThat(run("", "explain", "--frobnicate").code()).isEqualTo(ExitCode.USAGE);
    }
}
