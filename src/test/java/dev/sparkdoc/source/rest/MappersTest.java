package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.redact.Redaction;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.rest.dto.EnvironmentDto;
import dev.sparkdoc.source.rest.dto.ExecutorSummaryDto;
import dev.sparkdoc.source.rest.dto.TaskDataDto;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MappersTest {

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
        "100,000|100000",
        "20|20",
        "0.0 B|0",
        "1252.0 B|1252",
        "64.2 MiB|67318579",
        "1.5 GiB|1610612736",
        "8 ms|8",
        "1.2 s|1200",
        "3.5 m|210000",
        "1.1 h|3960000",
        "'total (min, med, max (stageId: taskId))\n95 ms (43 ms, 52 ms, 52 ms (stage 0.0: task 1))'|95",
        "'total (min, med, max (stageId: taskId))\n512.0 KiB (256.0 KiB, 256.0 KiB, 256.0 KiB (stage 0.0: task 1))'|524288",
        "'total (min, med, max (stageId: taskId))\n12.0 s (6.0 s, 6.0 s, 6.0 s (stage 3.0: task 3))'|12000",
    })
    void sqlMetricTotalsAreReadInBaseUnits(String display, long expected) {
        assertThat(SqlMetricValues.total(display)).contains(expected);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"''", "n/a", "'avg (min, med, max)\n1.5 (1.0, 1.5, 2.0)'", "12 parsecs"})
    void sqlMetricsWithoutATotalAreEmpty(String display) {
        assertThat(SqlMetricValues.total(display)).isEmpty();
    }

    @Test
    void restDatesAreUtcAndTheMinusOneSentinelIsAbsent() {
        assertThat(RestDates.parse("2015-02-03T16:42:40.000GMT")).contains(Instant.parse("2015-02-03T16:42:40Z"));
        assertThat(RestDates.parse("1969-12-31T23:59:59.999GMT")).isEmpty();
        assertThat(RestDates.parse("")).isEmpty();
        assertThat(RestDates.parse(null)).isEmpty();
        assertThat(RestDates.parse("2015-02-03")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "java.lang.ArithmeticException: / by zero|ExceptionFailure|java.lang.ArithmeticException",
        "org.apache.spark.SparkException: [FAILED_EXECUTE_UDF] Failed to execute user defined function|ExceptionFailure|org.apache.spark.SparkException",
        "java.lang.OutOfMemoryError|ExceptionFailure|java.lang.OutOfMemoryError",
        "FetchFailed(BlockManagerId(1, host, 7337, None), shuffleId=0, mapIndex=1, mapId=5, reduceId=2, message=|FetchFailed|",
        "ExecutorLostFailure (executor 1 exited caused by one of the running tasks) Reason: Container killed|ExecutorLostFailure|",
        "TaskKilled (another attempt succeeded)|TaskKilled|",
        "TaskCommitDenied (Driver denied task commit) for job: 0, partition: 1, attemptNumber: 0|TaskCommitDenied|",
        "Something odd happened|ExceptionFailure|",
    })
    void failureReasonAndExceptionClassComeFromTheMessageStart(String firstLine, String reason, String exceptionClass) {
        TaskFailure failure = FailureGrouper.group(List.of(failedTask(1, firstLine + "\n\tat x.y(Z.java:1)"))).get(0);

        assertThat(failure.reason()).isEqualTo(reason);
        assertThat(failure.exceptionClass()).isEqualTo(Optional.ofNullable(exceptionClass));
        assertThat(failure.message()).isEqualTo(firstLine);
    }

    @Test
    void failureGroupsAreOrderedByCountThenFirstTask() {
        List<TaskFailure> groups = FailureGrouper.group(List.of(
                failedTask(9, "java.io.IOException: disk"),
                failedTask(4, "java.lang.ArithmeticException: / by zero"),
                failedTask(7, "java.io.IOException: disk"),
                failedTask(8, "java.io.IOException: disk")));

        assertThat(groups).extracting(TaskFailure::message)
                .containsExactly("java.io.IOException: disk", "java.lang.ArithmeticException: / by zero");
        assertThat(groups.get(0).count()).isEqualTo(3);
        assertThat(groups.get(0).firstTaskId()).isEqualTo(7);
    }

    @Test
    void failuresThatDifferOnlyInAddressesAndIdsAreOneGroupWithTheFirstMessage() {
        String first = "com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM: GPU OutOfMemory: could not split inputs and retry."
                + " The current attempt: {HostMemoryBuffer{address=0x7efca0872010, length=729336131, id=4933}}";
        List<TaskFailure> groups = FailureGrouper.group(List.of(
                failedTask(5, first + "\n\tat x.y(Z.java:1)"),
                failedTask(6, first.replace("0x7efca0872010", "0x7fa888753010").replace("4933", "5243")),
                failedTask(7, "java.lang.ArithmeticException: / by zero")));

        assertThat(groups).extracting(TaskFailure::count).containsExactly(2, 1);
        assertThat(groups.get(0).message()).isEqualTo(first);
        assertThat(groups.get(0).exceptionClass()).contains("com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM");
    }

    @Test
    void runningTaskDurationIsTimeSinceLaunchNotSparksStaleValue() {
        TaskDataDto running = new TaskDataDto(3, 3, 0, 3, "2026-11-29T13:31:13.000GMT", 4L, "1", "h1", "RUNNING",
                false, null, null);

        TaskSample sample = TaskMapper.map(running, Instant.parse("2026-11-29T13:31:43.500Z"));

        assertThat(sample.durationMs()).isEqualTo(30_500);
        assertThat(sample.running()).isTrue();
        assertThat(sample.errorMessage()).isEmpty();
    }

    @Test
    void executorPeakMetricsAreKeptByName() throws Exception {
        List<ExecutorSummaryDto> dtos = Json.mapper().readValue(
                Fixtures.expectation("executor_list_with_executor_metrics_json"), new TypeReference<>() { });

        List<Executor> executors = dtos.stream().map(ExecutorMapper::map).toList();

        Executor driver = executors.stream().filter(Executor::isDriver).findFirst().orElseThrow();
        assertThat(driver.peak("JVMHeapMemory")).contains(209_883_992L);
        assertThat(driver.peak("ProcessTreeJVMRSSMemory")).contains(526_491_648L);
        assertThat(driver.peak("MajorGCTime")).contains(144L);
        Executor three = executors.stream().filter(e -> e.id().equals("3")).findFirst().orElseThrow();
        assertThat(three.peak("JVMHeapMemory")).contains(759_479_480L);
        assertThat(three.totalInputBytes()).isEqualTo(2_500_050_000L);
        assertThat(three.host()).isEqualTo("test-3.vpc.company.com");
        assertThat(three.addTime()).contains(Instant.parse("2019-04-08T20:39:55.362Z"));
    }

    @Test
    void environmentIsReadAndSecretsAreRedacted() throws Exception {
        String json = """
                {"runtime": {"javaVersion": "17.0.15 (Debian)", "scalaVersion": "version 2.13.16"},
                 "sparkProperties": [["spark.app.name", "etl"], ["spark.hadoop.fs.s3a.secret.key", "AKIA123"],
                                     ["spark.my.conf", "jdbc:postgresql://db?password=hunter2"],
                                     ["spark.authenticate.secret", "*********(redacted)"]],
                 "systemProperties": [["java.version", "17.0.15"], ["javax.net.ssl.keyStorePassword", "changeit"]],
                 "hadoopProperties": [["fs.defaultFS", "file:///"]]}
                """;

        Environment env = EnvironmentMapper.map(Json.mapper().readValue(json, EnvironmentDto.class));

        assertThat(env.javaVersion()).contains("17.0.15 (Debian)");
        assertThat(env.scalaVersion()).contains("version 2.13.16");
        assertThat(env.sparkProperty("spark.app.name")).contains("etl");
        assertThat(env.sparkProperty("spark.hadoop.fs.s3a.secret.key")).contains(Redaction.REDACTED);
        assertThat(env.sparkProperty("spark.my.conf")).contains(Redaction.REDACTED);
        assertThat(env.sparkProperty("spark.authenticate.secret")).contains(Redaction.REDACTED);
        assertThat(env.systemProperties()).containsEntry("java.version", "17.0.15")
                .containsEntry("javax.net.ssl.keyStorePassword", Redaction.REDACTED);
        assertThat(env.toString()).doesNotContain("AKIA123", "hunter2", "changeit");
    }

    private static TaskDataDto failedTask(long id, String error) {
        return new TaskDataDto(id, (int) id, 0, (int) id, "2026-11-29T13:31:13.000GMT", 10L, "1", "h1", "FAILED",
                false, error, null);
    }
}
