package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.source.eventlog.lines.LineReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events larger than the line bound (a 300 MB plan string) are streamed past, never loaded: the
 * rest of the log is read, a SQL start keeps its id, time and description, and a note says so.
 * The huge line is written to disk in a loop, so neither the test nor the reader holds it.
 */
class OversizedEventTest {

    static final String START = """
            {"Event":"SparkListenerLogStart","Spark Version":"3.5.1"}
            {"Event":"SparkListenerApplicationStart","App Name":"big-plan","App ID":"app-1","Timestamp":1000,"User":"u"}
            """;
    static final String JOB = """
            {"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":2000,"Stage Infos":[{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":1}],"Stage IDs":[0],"Properties":{"spark.sql.execution.id":"7"}}
            {"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":1,"Submission Time":2000}}
            {"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":{"Task ID":0,"Index":0,"Attempt":0,"Launch Time":2100,"Executor ID":"1","Host":"h"}}
            {"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":0,"Index":0,"Attempt":0,"Launch Time":2100,"Executor ID":"1","Host":"h","Finish Time":3100},"Task Metrics":{"Executor Run Time":900}}
            {"Event":"SparkListenerStageCompleted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":1,"Submission Time":2000,"Completion Time":3200}}
            {"Event":"SparkListenerJobEnd","Job ID":0,"Completion Time":3300,"Job Result":{"Result":"JobSucceeded"}}
            {"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd","executionId":7,"time":3400}
            {"Event":"SparkListenerApplicationEnd","Timestamp":4000}
            """;

    @TempDir
    Path dir;

    @Test
    void sqlStartWithA300MbPlanKeepsItsIdTimeAndDescription() throws IOException {
        Path log = dir.resolve("app-1");
        try (Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            w.write(START);
            w.write("{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\",\"executionId\":7,"
                    + "\"rootExecutionId\":7,\"description\":\"SELECT * FROM t WHERE id IN (1, 2, 3)\",\"details\":\"\","
                    + "\"physicalPlanDescription\":\"== Physical Plan ==\\n");
            repeat(w, "Filter id IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20)\\n", 300L << 20);
            w.write("\",\"sparkPlanInfo\":{\"nodeName\":\"Filter\",\"simpleString\":\"Filter\",\"children\":[],"
                    + "\"metadata\":{},\"metrics\":[]},\"time\":1500,\"modifiedConfigs\":{},\"jobTags\":[]}\n");
            w.write(JOB);
        }
        assertThat(Files.size(log)).isGreaterThan(300L << 20);

        AppSnapshot s = new EventLogSource(log).read();

        SqlExecution sql = s.sqlExecutions().get(0);
        assertThat(sql.id()).isEqualTo(7);
        assertThat(sql.description()).isEqualTo("SELECT * FROM t WHERE id IN (1, 2, 3)");
        assertThat(sql.submissionTime()).hasValueSatisfying(t -> assertThat(t.toEpochMilli()).isEqualTo(1500));
        assertThat(sql.durationMs()).isEqualTo(1900);
        assertThat(sql.status()).isEqualTo("COMPLETED");
        assertThat(sql.successJobIds()).containsExactly(0);
        assertThat(s.job(0).orElseThrow().status()).isEqualTo(JobStatus.SUCCEEDED);
        assertThat(s.application().completed()).isTrue();
        assertThat(s.source().complete()).isTrue();
        assertThat(s.source().skippedLines()).isZero();
        assertThat(s.source().notes()).containsExactly("1 SQL start event(s) over the 64 MB line limit (largest 300 MB):"
                + " kept id, time and the start of the description, not the plan");
    }

    @Test
    void otherOversizedEventsAreSkippedCountedAndMakeTheSnapshotIncomplete() throws IOException {
        Path log = dir.resolve("app-1");
        try (Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            w.write(START);
            w.write("{\"Event\":\"SparkListenerEnvironmentUpdate\",\"JVM Information\":{},\"System Properties\":{\"java.class.path\":\"");
            repeat(w, "/opt/jars/some-library-1.0.jar:", 200_000);
            w.write("\"}}\n");
            w.write(JOB);
        }

        AppSnapshot s = withMaxLine(100_000, () -> new EventLogSource(log).read());

        assertThat(s.job(0).orElseThrow().status()).isEqualTo(JobStatus.SUCCEEDED);
        assertThat(s.stage(0, 0).orElseThrow().tasks().completed()).isEqualTo(1);
        assertThat(s.source().complete()).isFalse();
        assertThat(s.source().notes()).anyMatch(n -> n.matches("1 SparkListenerEnvironmentUpdate event\\(s\\) over the"
                + " 100,000 bytes line limit \\(largest 200,\\d{3} bytes\\) skipped"
                + " \\(run SPARKDOC_JAVA_OPTS=-Dsparkdoc.eventlog.maxLineBytes=<bytes> sparkdoc … to read them\\)"));
    }

    @Test
    void sqlStartWhoseDescriptionIsItselfHugeKeepsItsBeginning() throws IOException {
        Path log = dir.resolve("app-1");
        try (Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            w.write(START);
            w.write("{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\",\"executionId\":7,"
                    + "\"description\":\"SELECT \\\"a\\\" FROM t WHERE id IN (");
            repeat(w, "123456789, ", 1 << 20);
            w.write("0)\",\"details\":\"\",\"physicalPlanDescription\":\"\",\"sparkPlanInfo\":{},\"time\":1500}\n");
            w.write(JOB);
        }

        AppSnapshot s = withMaxLine(500_000, () -> new EventLogSource(log).read());

        SqlExecution sql = s.sqlExecutions().get(0);
        assertThat(sql.description()).startsWith("SELECT \"a\" FROM t WHERE id IN (123456789, 123456789").endsWith(" …")
                .hasSizeLessThan(LineReader.KEPT_BYTES);
        assertThat(sql.submissionTime()).isPresent();
    }

    /** Writes {@code unit} until about {@code bytes} are written, never holding more than one unit. */
    static void repeat(Writer w, String unit, long bytes) throws IOException {
        BufferedWriter out = new BufferedWriter(w, 1 << 16);
        for (long written = 0; written < bytes; written += unit.length()) {
            out.write(unit);
        }
        out.flush();
    }

    static <T> T withMaxLine(int bytes, java.util.function.Supplier<T> read) {
        String before = System.getProperty(LineReader.MAX_LINE_PROPERTY);
        System.setProperty(LineReader.MAX_LINE_PROPERTY, Integer.toString(bytes));
        try {
            return read.get();
        } finally {
            if (before == null) {
                System.clearProperty(LineReader.MAX_LINE_PROPERTY);
            } else {
                System.setProperty(LineReader.MAX_LINE_PROPERTY, before);
            }
        }
    }
}
