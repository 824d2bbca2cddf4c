package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskFailure;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Other Spark tools' real logs (src/test/resources/public-eventlogs/SOURCES.md) against what
 * those tools' own tests assert about them: the right column of SOURCES.md.
 */
class PublicEventLogsTest {

    static final Path ROOT = Path.of("src/test/resources/public-eventlogs");
    private static final String RAPIDS = "NVIDIA-spark-rapids-tools/";
    private static final String QUAL = RAPIDS + "spark-events-qualification/";
    private static final String PROF = RAPIDS + "spark-events-profiling/";

    static AppSnapshot read(String relative) {
        return new EventLogSource(ROOT.resolve(relative)).read();
    }

    /** Qualification expectations: app id and App Duration (ms) of complete logs. */
    @ParameterizedTest
    @CsvSource({
            QUAL + "db_sim_eventlog, local-1623876083964, 133857",
            QUAL + "eventlog_v2_local-1623876083964, local-1623876083964, 133857",
            PROF + "eventlog_dsv2.zstd, local-1624371906627, 83738",
            PROF + "spark2-eventlog.zstd, local-1634253215009, 47063",
            QUAL + "complex_dec_eventlog.zstd, local-1626104300434, 131104",
            QUAL + "empty_eventlog, local-1623263471760, 22937",
            QUAL + "jdbc_eventlog.zstd, app-20211019113801-0001, 571967",
            QUAL + "multiple_attempts/attempt_4_eventlog.zstd, application_1724877841851_0016, 43657",
            QUAL + "dataset_eventlog, local-1651187225439, 355637",
            QUAL + "dsAndDf_eventlog.zstd, local-1622043423018, 16319",
            QUAL + "eventlog_nested_dsv2, local-1630045673160, 21200",
            QUAL + "nested_type_eventlog, local-1629446106683, 17698",
            QUAL + "udf_dataset_eventlog, local-1651188809790, 166215",
            QUAL + "udf_func_eventlog, local-1623281204390, 6240",
            QUAL + "writeformat_eventlog, local-1629442299891, 19554"})
    void appIdAndDurationAreWhatUpstreamExpects(String log, String appId, long durationMs) {
        AppSnapshot s = read(log);

        assertThat(s.application().id()).isEqualTo(appId);
        assertThat(s.application().knownDurationMs(s.takenAt())).contains(durationMs);
        assertThat(s.source().complete()).isTrue();
    }

    @Test
    void databricksRolledFolderIsOneLogReadInTimeOrder() {
        AppSnapshot pieces = read(QUAL + "db_sim_eventlog");
        AppSnapshot rolling = read(QUAL + "eventlog_v2_local-1623876083964");

        // the same run, written once as Databricks pieces and once as a Spark rolling log
        assertThat(pieces.jobs()).hasSameSizeAs(rolling.jobs()).isNotEmpty();
        assertThat(pieces.stages()).hasSameSizeAs(rolling.stages());
        assertThat(pieces.sqlExecutions()).singleElement()
                .satisfies(q -> assertThat(q.durationMs()).isEqualTo(rolling.sqlExecutions().get(0).durationMs()));
        assertThat(pieces.source().notes()).isEmpty();
        assertThat(pieces.source().skippedLines()).isZero();
    }

    @Test
    void historyServerZipDownloadIsReadAsItsLog() {
        // sparklint EventSourceTest: id, name, version and start of the zipped log
        AppSnapshot s = read("groupon-sparklint/history_source/eventLogs-application_1489705648216_1600.zip");

        assertThat(s.application().id()).isEqualTo("application_1489705648216_1600");
        assertThat(s.application().name()).isEqualTo("SEM_Feed_Generator");
        assertThat(s.application().sparkVersion()).contains("1.6.1");
        assertThat(s.application().startTime()).isEqualTo(Instant.ofEpochMilli(1490175603867L));
    }

    @Test
    void sparklintExampleHasItsIdNameVersionAndStart() {
        AppSnapshot s = read("groupon-sparklint/spark_event_log_example");

        assertThat(s.application().id()).isEqualTo("application_1462781278026_205691");
        assertThat(s.application().name()).isEqualTo("MyAppName");
        assertThat(s.application().sparkVersion()).contains("1.5.2");
        assertThat(s.application().startTime()).isEqualTo(Instant.ofEpochMilli(1466087746466L));
    }

    @Test
    void databricksVersionLineGivesTheSparkVersionAndIsNoUnknownEvent() {
        AppSnapshot s = read(QUAL + "db_subExecution_id.zstd");

        assertThat(s.application().sparkVersion()).contains("3.3.0");
        assertThat(s.source().notes()).noneMatch(n -> n.contains("DBCEventLoggingListenerMetadata"));
    }

    @Test
    void spark2LogHasSixJobsAndOneExecutor() {
        AppSnapshot s = read(PROF + "spark2-eventlog.zstd");

        assertThat(s.jobs()).hasSize(6);
        assertThat(s.stages()).filteredOn(st -> st.stageId() == 0).singleElement()
                .satisfies(st -> assertThat(st.tasks().total()).isEqualTo(1));
        assertThat(s.executors()).singleElement().satisfies(e -> assertThat(e.maxMemory()).isEqualTo(384093388L));
    }

    @Test
    void resourceProfileLogHasItsTwoJobsWithTheirTimes() {
        AppSnapshot s = read(PROF + "rp_sql_eventlog.zstd");

        assertThat(s.jobs()).hasSize(2);
        Job job0 = s.jobs().stream().filter(j -> j.jobId() == 0).findFirst().orElseThrow();
        Job job1 = s.jobs().stream().filter(j -> j.jobId() == 1).findFirst().orElseThrow();
        assertThat(job0.stageIds()).hasSize(1);
        assertThat(job0.submissionTime()).contains(Instant.ofEpochMilli(1622846402778L));
        assertThat(job0.completionTime()).contains(Instant.ofEpochMilli(1622846410240L));
        assertThat(job0.sqlExecutionId()).isEmpty();
        assertThat(job1.stageIds()).hasSize(4);
        assertThat(job1.sqlExecutionId()).contains(0L);
        assertThat(job1.submissionTime()).contains(Instant.ofEpochMilli(1622846431114L));
        assertThat(job1.completionTime()).contains(Instant.ofEpochMilli(1622846441591L));
        assertThat(s.stages()).filteredOn(st -> st.stageId() == 1).singleElement()
                .satisfies(st -> assertThat(st.durationMs(s.takenAt())).contains(8174L));
    }

    @Test
    void failedYarnAppHasItsFailedTasksStageJobAndLostExecutors() {
        // HealthCheckSuite and ApplicationInfoSuite on tasks_executors_fail_compressed_eventlog
        AppSnapshot s = read(PROF + "tasks_executors_fail_compressed_eventlog.zstd");

        assertThat(s.stages().stream().flatMap(st -> st.failures().stream()).mapToInt(TaskFailure::count).sum()).isEqualTo(3);
        Stage failed = s.stages().stream().filter(st -> st.stageId() == 238).findFirst().orElseThrow();
        assertThat(failed.status()).isEqualTo(StageStatus.FAILED);
        assertThat(failed.name()).isEqualTo("show at <console>:33");
        assertThat(failed.tasks().total()).isEqualTo(200);
        assertThat(failed.failureReason()).hasValueSatisfying(r -> assertThat(r).contains("FetchFailedException"));
        assertThat(failed.failures()).extracting(TaskFailure::reason).containsExactlyInAnyOrder("FetchFailed", "ExecutorLostFailure");
        assertThat(failed.failures()).filteredOn(f -> f.reason().equals("FetchFailed")).singleElement()
                .satisfies(f -> assertThat(f.count()).isEqualTo(2));
        assertThat(failed.failures()).filteredOn(f -> f.reason().equals("ExecutorLostFailure")).singleElement()
                .satisfies(f -> assertThat(f.firstTaskId()).isEqualTo(8519L));
        Job job79 = s.jobs().stream().filter(j -> j.jobId() == 79).findFirst().orElseThrow();
        assertThat(job79.status()).isEqualTo(JobStatus.FAILED);
        assertThat(job79.sqlExecutionId()).contains(27L);
        assertThat(job79.failureReason()).hasValueSatisfying(r -> assertThat(r).contains("cancelled because SparkContext was shut down"));
        assertThat(s.executors()).filteredOn(e -> !e.isDriver()).hasSize(8)
                .allSatisfy(e -> assertThat(e.maxMemory()).isEqualTo(5538054144L));
        assertThat(s.executors()).filteredOn(e -> e.removeReason().isPresent())
                .extracting(Executor::id, e -> e.removeReason().orElseThrow())
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("1", "Executor Process Lost"),
                        org.assertj.core.groups.Tuple.tuple("2", "Executor Process Lost"));
    }

    @Test
    void fiftyNineGpuOomsWithTheirOwnBufferAddressAreOneGroup() {
        AppSnapshot s = read(PROF + "gpu_oom_eventlog.zstd");

        Stage stage35 = s.stages().stream().filter(st -> st.stageId() == 35).findFirst().orElseThrow();
        assertThat(stage35.failures()).singleElement().satisfies(f -> {
            assertThat(f.count()).isEqualTo(59);
            assertThat(f.exceptionClass()).contains("com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM");
            // a real message is kept as the example, addresses and all
            assertThat(f.message()).startsWith("GPU OutOfMemory: could not split inputs and retry.").contains("address=0x7");
        });
        assertThat(s.stages()).allSatisfy(st -> assertThat(st.failures()).noneMatch(f -> f.reason().equals("Other")));
    }

    @Test
    void editedClusterLogLastsItsSecondsNotTwoYears() {
        // executor-added times edited to 2023 in a 2021 run (SOURCES.md): 22,326 h before
        AppSnapshot s = read(QUAL + "cluster_information/eventlog_2nodes_8cores");

        assertThat(s.application().knownDurationMs(s.takenAt())).hasValueSatisfying(d -> assertThat(d).isBetween(1L, 60_000L));
        assertThat(s.executors()).filteredOn(e -> !e.isDriver()).hasSize(2)
                .allSatisfy(e -> assertThat(e.totalCores()).isEqualTo(8));
        assertThat(s.source().notes()).anyMatch(n -> n.contains("outside the log's span"));
    }

    @Test
    void logWithoutApplicationStartIsNotFrom1970() {
        AppSnapshot s = read(RAPIDS + "e2e/incorrect_app_status_eventlog.zstd");

        assertThat(s.application().knownStartTime()).hasValueSatisfying(t -> assertThat(t.getEpochSecond())
                .isGreaterThan(Instant.parse("2021-01-01T00:00:00Z").getEpochSecond()));
        assertThat(s.source().notes()).contains("no application start event: times start at the first event");
    }

    @Test
    void sparklintLogWithOneFailedTaskHasIt() {
        AppSnapshot s = read("groupon-sparklint/directory_source/event_log_1");

        assertThat(s.stages().stream().flatMap(st -> st.failures().stream()).mapToInt(TaskFailure::count).sum()).isEqualTo(1);
    }

    @Test
    void malformedLineIsSkippedAndCounted() {
        AppSnapshot s = read(PROF + "malformed_json_eventlog.zstd");

        assertThat(s.source().skippedLines()).isEqualTo(1);
        assertThat(s.application().id()).isEqualTo("application_1603128018386_7759");
    }
}
