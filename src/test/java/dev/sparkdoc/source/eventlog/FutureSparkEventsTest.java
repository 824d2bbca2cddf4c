package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Stage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A newer Spark adds event types and fields (JsonProtocol only ever adds them): they are counted
 * or ignored, never fatal, and the events sparkdoc knows still fold as before.
 */
class FutureSparkEventsTest {

    @TempDir
    Path dir;

    @Test
    void unknownEventTypesAndFieldsAreIgnored() throws IOException {
        Path log = Files.write(dir.resolve("app-1"), List.of(
                "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"9.0.0\",\"Log Format\":7}",
                "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"future\",\"App ID\":\"app-1\",\"Timestamp\":1000,"
                        + "\"User\":\"u\",\"Quantum Scheduler\":{\"qubits\":[1,2]}}",
                "{\"Event\":\"SparkListenerFutureEvent\",\"Anything\":{\"nested\":[{\"deep\":true}]},\"Timestamp\":1500}",
                "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLFutureThing\",\"executionId\":1}",
                "{\"Future First Field\":1,\"Event\":\"SparkListenerJobStart\",\"Job ID\":0,\"Submission Time\":2000,"
                        + "\"Stage Infos\":[{\"Stage ID\":0,\"Stage Attempt ID\":0,\"Stage Name\":\"s\",\"Number of Tasks\":1,"
                        + "\"Stage Future Field\":\"x\"}],\"Stage IDs\":[0],\"Job Future Field\":[1,2,3]}",
                "{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":{\"Stage ID\":0,\"Stage Attempt ID\":0,"
                        + "\"Stage Name\":\"s\",\"Number of Tasks\":1,\"Submission Time\":2000,\"Is Shuffle Push Enabled\":true,"
                        + "\"New Thing\":{\"a\":null}}}",
                "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Info\":{\"Task ID\":0,"
                        + "\"Index\":0,\"Attempt\":0,\"Launch Time\":2100,\"Executor ID\":\"1\",\"Host\":\"h\","
                        + "\"Future Locality\":\"GALAXY_LOCAL\"},\"Task Future\":{\"k\":[{}]}}",
                "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task Type\":\"FutureTask\","
                        + "\"Task End Reason\":{\"Reason\":\"Success\",\"Why\":\"future\"},\"Task Info\":{\"Task ID\":0,"
                        + "\"Index\":0,\"Attempt\":0,\"Launch Time\":2100,\"Executor ID\":\"1\",\"Host\":\"h\",\"Finish Time\":"
                        + "3100,\"Future Info\":[1]},\"Task Metrics\":{\"Executor Run Time\":900,\"Future Metric\":12,"
                        + "\"Future Metrics\":{\"Nested Bytes\":5},\"Shuffle Read Metrics\":{\"Remote Bytes Read\":10,"
                        + "\"Future Shuffle Metric\":3}},\"Task Executor Metrics\":{\"JVMHeapMemory\":5,\"FutureMemory\":7}}",
                "{\"Event\":\"SparkListenerStageCompleted\",\"Stage Info\":{\"Stage ID\":0,\"Stage Attempt ID\":0,"
                        + "\"Stage Name\":\"s\",\"Number of Tasks\":1,\"Submission Time\":2000,\"Completion Time\":3200,"
                        + "\"Future\":1}}",
                "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":0,\"Completion Time\":3300,\"Job Result\":"
                        + "{\"Result\":\"JobSucceeded\",\"Future\":{}}}",
                "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":4000,\"Exit Code\":0}"));

        AppSnapshot s = new EventLogSource(log).read();

        assertThat(s.source().unknownEvents()).isEqualTo(2);
        assertThat(s.source().skippedLines()).isZero();
        assertThat(s.source().complete()).isTrue();
        assertThat(s.application().name()).isEqualTo("future");
        assertThat(s.job(0).orElseThrow().status()).isEqualTo(JobStatus.SUCCEEDED);
        Stage stage = s.stage(0, 0).orElseThrow();
        assertThat(stage.tasks().completed()).isEqualTo(1);
        assertThat(stage.totals().executorRunTimeMs()).isEqualTo(900);
        assertThat(stage.totals().shuffleRemoteBytesRead()).isEqualTo(10);
    }
}
