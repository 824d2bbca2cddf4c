package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto;
import dev.sparkdoc.source.rest.dto.EnvironmentDto;
import dev.sparkdoc.source.rest.dto.ExecutorSummaryDto;
import dev.sparkdoc.source.rest.dto.JobDataDto;
import dev.sparkdoc.source.rest.dto.StageDataDto;
import dev.sparkdoc.source.rest.dto.TaskDataDto;
import dev.sparkdoc.source.rest.dto.TaskMetricDistributionsDto;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every REST body of Spark's HistoryServerSuite (3.5.1 and 4.0) that sparkdoc reads parses into
 * the DTOs and maps into the model, and the numbers survive the trip.
 */
class ExpectationParsingTest {

    /** The 60 cases by what they return (INDEX.md); storage and process lists are not read. */
    private static final Map<String, String> KIND_BY_FILE = Map.ofEntries(
            Map.entry("application_list_json", "apps"), Map.entry("completed_app_list_json", "apps"),
            Map.entry("running_app_list_json", "apps"), Map.entry("minDate_app_list_json", "apps"),
            Map.entry("maxDate_app_list_json", "apps"), Map.entry("maxDate2_app_list_json", "apps"),
            Map.entry("minEndDate_app_list_json", "apps"), Map.entry("maxEndDate_app_list_json", "apps"),
            Map.entry("minEndDate_and_maxEndDate_app_list_json", "apps"),
            Map.entry("minDate_and_maxEndDate_app_list_json", "apps"), Map.entry("limit_app_list_json", "apps"),
            Map.entry("one_app_json", "app"), Map.entry("one_app_multi_attempt_json", "app"),
            Map.entry("job_list_json", "jobs"), Map.entry("job_list_from_multi_attempt_app_json_1_", "jobs"),
            Map.entry("job_list_from_multi_attempt_app_json_2_", "jobs"), Map.entry("one_job_json", "job"),
            Map.entry("succeeded_job_list_json", "jobs"), Map.entry("succeeded_failed_job_list_json", "jobs"),
            Map.entry("executor_list_json", "executors"),
            Map.entry("executor_list_with_executor_metrics_json", "executors"),
            Map.entry("stage_list_json", "stages"), Map.entry("complete_stage_list_json", "stages"),
            Map.entry("failed_stage_list_json", "stages"), Map.entry("one_stage_json", "stages"),
            Map.entry("one_stage_json_with_details", "stages"), Map.entry("one_stage_attempt_json", "stage"),
            Map.entry("one_stage_attempt_json_details_with_failed_task", "stage"),
            Map.entry("one_stage_json_with_partitionId", "stages"),
            Map.entry("stage_task_summary_w_shuffle_write", "summary"),
            Map.entry("stage_task_summary_w_shuffle_read", "summary"),
            Map.entry("stage_task_summary_w__custom_quantiles", "summary"),
            Map.entry("stage_task_list", "tasks"), Map.entry("stage_task_list_w__offset___length", "tasks"),
            Map.entry("stage_task_list_w__sortBy", "tasks"),
            Map.entry("stage_task_list_w__sortBy_short_names___runtime", "tasks"),
            Map.entry("stage_task_list_w__sortBy_short_names__runtime", "tasks"),
            Map.entry("stage_task_list_w__status", "tasks"),
            Map.entry("stage_task_list_w__status___offset___length", "tasks"),
            Map.entry("stage_task_list_w__status___sortBy_short_names__runtime", "tasks"),
            Map.entry("stage_task_list_with_partitionId", "tasks"),
            Map.entry("stage_list_with_accumulable_json", "stages"),
            Map.entry("stage_with_accumulable_json", "stage"),
            Map.entry("stage_task_list_from_multi_attempt_app_json_1_", "tasks"),
            Map.entry("stage_task_list_from_multi_attempt_app_json_2_", "tasks"),
            Map.entry("excludeOnFailure_for_stage", "stage"), Map.entry("excludeOnFailure_node_for_stage", "stage"),
            Map.entry("executor_node_excludeOnFailure", "executors"),
            Map.entry("executor_node_excludeOnFailure_unexcluding", "executors"),
            Map.entry("executor_memory_usage", "executors"), Map.entry("executor_resource_information", "executors"),
            Map.entry("multiple_resource_profiles", "environment"),
            Map.entry("stage_list_with_peak_metrics", "stages"), Map.entry("stage_with_peak_metrics", "stage"),
            Map.entry("stage_with_summaries", "stage"), Map.entry("app_environment", "environment"),
            Map.entry("stage_with_speculation_summary", "stage"));

    static Stream<Arguments> expectationFiles() {
        return Stream.of(Fixtures.V40, Fixtures.V35)
                .flatMap(dir -> KIND_BY_FILE.entrySet().stream()
                        .map(e -> Arguments.of(dir + e.getKey() + "_expectation.json", e.getValue())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expectationFiles")
    void everyExpectationParsesAndMapsWithItsNumbersIntact(String resource, String kind) throws Exception {
        String body = Fixtures.text(resource);
        JsonNode tree = Json.mapper().readTree(body);
        switch (kind) {
            case "apps" -> {
                List<ApplicationInfoDto> apps = read(body, new TypeReference<>() { });
                assertThat(apps).hasSize(tree.size());
                apps.forEach(a -> assertThat(ApplicationMapper.map(a, a.attempts().get(0)).id()).isEqualTo(a.id()));
            }
            case "app" -> {
                ApplicationInfoDto app = read(body, new TypeReference<>() { });
                assertThat(app.attempts()).hasSize(tree.get("attempts").size());
                assertThat(ApplicationMapper.map(app, app.attempts().get(0)).attempts()).hasSameSizeAs(app.attempts());
            }
            case "jobs" -> {
                List<JobDataDto> jobs = read(body, new TypeReference<>() { });
                assertThat(jobs.stream().mapToInt(JobDataDto::numTasks).sum()).isEqualTo(sum(tree, "numTasks"));
                jobs.forEach(j -> JobMapper.map(j, Map.of()));
            }
            case "job" -> assertThat(JobMapper.map(read(body, new TypeReference<JobDataDto>() { }), Map.of()).jobId())
                    .isEqualTo(tree.get("jobId").asInt());
            case "stages" -> {
                List<StageDataDto> stages = read(body, new TypeReference<>() { });
                long runTime = stages.stream().map(s -> StageMapper.map(s, List.of(), StageDetails.NONE))
                        .mapToLong(s -> s.totals().executorRunTimeMs()).sum();
                assertThat(runTime).isEqualTo(sum(tree, "executorRunTime"));
            }
            case "stage" -> {
                Stage stage = StageMapper.map(read(body, new TypeReference<StageDataDto>() { }), List.of(), StageDetails.NONE);
                assertThat(stage.totals().shuffleReadBytes()).isEqualTo(tree.get("shuffleReadBytes").asLong());
            }
            case "summary" -> {
                TaskMetricDistributionsDto d = read(body, new TypeReference<>() { });
                assertThat(QuantilesMapper.map(d, 1).metrics()).isNotEmpty();
            }
            case "tasks" -> {
                List<TaskDataDto> tasks = read(body, new TypeReference<>() { });
                assertThat(tasks).hasSize(tree.size());
                tasks.forEach(t -> TaskMapper.map(t, Instant.parse("2026-11-29T13:40:00Z")));
                FailureGrouper.group(tasks.stream().filter(t -> "FAILED".equals(t.status())).toList());
            }
            case "executors" -> {
                List<ExecutorSummaryDto> executors = read(body, new TypeReference<>() { });
                assertThat(executors.stream().map(ExecutorMapper::map).mapToLong(e -> e.totalDurationMs()).sum())
                        .isEqualTo(sum(tree, "totalDuration"));
            }
            case "environment" -> {
                EnvironmentDto env = read(body, new TypeReference<>() { });
                assertThat(EnvironmentMapper.map(env).sparkProperties()).hasSize(tree.get("sparkProperties").size());
            }
            default -> throw new IllegalStateException(kind);
        }
    }

    private static <T> T read(String body, TypeReference<T> type) throws Exception {
        return Json.mapper().readValue(body, type);
    }

    private static long sum(JsonNode array, String field) {
        long total = 0;
        for (JsonNode node : array) {
            total += node.path(field).asLong();
        }
        return total;
    }
}
