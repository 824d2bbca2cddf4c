package dev.sparkdoc.source.rest;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.rest.RestClient.Answer;
import dev.sparkdoc.source.rest.RestClient.JsonBody;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto;
import dev.sparkdoc.source.rest.dto.EnvironmentDto;
import dev.sparkdoc.source.rest.dto.ExecutionDataDto;
import dev.sparkdoc.source.rest.dto.ExecutorSummaryDto;
import dev.sparkdoc.source.rest.dto.JobDataDto;
import dev.sparkdoc.source.rest.dto.StageDataDto;
import dev.sparkdoc.source.rest.dto.TaskDataDto;
import dev.sparkdoc.source.rest.dto.TaskMetricDistributionsDto;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import okhttp3.HttpUrl;

/**
 * The {@code /api/v1} endpoints sparkdoc uses, below one base URL (a driver UI, a History
 * Server or a proxy path). Every call is bounded: no endpoint here returns a stage's full task list.
 */
final class SparkApi {

    private static final JsonBody<List<ApplicationInfoDto>> APPS = listOf(new TypeReference<>() { });
    private static final JsonBody<ApplicationInfoDto> APP = as(new TypeReference<>() { });
    private static final JsonBody<List<JobDataDto>> JOBS = listOf(new TypeReference<>() { });
    private static final JsonBody<JobDataDto> JOB = as(new TypeReference<>() { });
    private static final JsonBody<List<StageDataDto>> STAGES = listOf(new TypeReference<>() { });
    private static final JsonBody<List<ExecutorSummaryDto>> EXECUTORS = listOf(new TypeReference<>() { });
    private static final JsonBody<EnvironmentDto> ENVIRONMENT = as(new TypeReference<>() { });
    private static final JsonBody<List<ExecutionDataDto>> SQL = listOf(new TypeReference<>() { });
    private static final JsonBody<ExecutionDataDto> SQL_ONE = as(new TypeReference<>() { });
    private static final JsonBody<TaskMetricDistributionsDto> SUMMARY = as(new TypeReference<>() { });
    private static final JsonBody<List<TaskDataDto>> TASKS = listOf(new TypeReference<>() { });
    private static final JsonBody<List<dev.sparkdoc.source.rest.dto.ThreadStackTraceDto>> THREADS = listOf(new TypeReference<>() { });

    private final RestClient client;
    private final HttpUrl base;

    /** @param base the UI's base URL, ending in "/"; the API is at {@code base + "api/v1/"} */
    SparkApi(RestClient client, HttpUrl base) {
        this.client = client;
        this.base = base;
    }

    HttpUrl base() {
        return base;
    }

    /** @throws SourceException "not a Spark REST API" when the path does not exist */
    List<ApplicationInfoDto> applications() {
        return listing(api().addPathSegment("applications").build());
    }

    /**
     * Finished applications, newest end first, filtered by the server: {@code status=completed},
     * {@code minEndDate} and {@code limit} are {@code ApplicationListResource}'s query parameters
     * (Spark 2.2+; an older server ignores them, so callers filter again).
     *
     * @throws SourceException "not a Spark REST API" when the path does not exist
     */
    List<ApplicationInfoDto> completedApplications(Optional<java.time.Instant> minEndDate, int limit) {
        HttpUrl.Builder url = api().addPathSegment("applications").addQueryParameter("status", "completed");
        minEndDate.ifPresent(since -> url.addQueryParameter("minEndDate", RestDates.format(since)));
        return listing(url.addQueryParameter("limit", Integer.toString(limit)).build());
    }

    /** The listed applications that have an id: one without cannot be asked for. */
    private List<ApplicationInfoDto> listing(HttpUrl url) {
        Answer<List<ApplicationInfoDto>> a = client.get(url, APPS);
        if (a.http().code() == 404) {
            throw HttpFailures.notSparkApi(a.http());
        }
        return value(a).stream().filter(app -> Texts.nonBlank(app.id()).isPresent()).toList();
    }

    /** @throws NotFoundException for an unknown application id */
    ApplicationInfoDto application(String appId) {
        return get(api().addPathSegment("applications").addPathSegment(appId).build(), APP);
    }

    List<JobDataDto> jobs(AppRef app) {
        return get(app(app).addPathSegment("jobs").build(), JOBS);
    }

    /**
     * Stage attempts without tasks ({@code details=false} is the default of {@code /stages}): the
     * first {@code max} as the server lists them (Spark: newest first), the rest counted as they
     * stream by and not kept.
     */
    CappedList<StageDataDto> stages(AppRef app, int max) {
        return get(app(app).addPathSegment("stages").build(), CappedList.reader(StageDataDto.class, max));
    }

    /** Stage attempts in one state ({@code active}, {@code pending}, ...), without tasks. */
    List<StageDataDto> stages(AppRef app, String status) {
        return get(app(app).addPathSegment("stages").addQueryParameter("status", status).build(), STAGES);
    }

    /** Every attempt of one stage, without tasks ({@code details} defaults to true here); empty on 404. */
    Optional<List<StageDataDto>> stageAttempts(AppRef app, int stageId) {
        HttpUrl url = app(app).addPathSegment("stages").addPathSegment(Integer.toString(stageId))
                .addQueryParameter("details", "false").build();
        return getIfFound(url, STAGES);
    }

    /** Jobs in one state ({@code running}, ...). */
    List<JobDataDto> jobs(AppRef app, String status) {
        return get(app(app).addPathSegment("jobs").addQueryParameter("status", status).build(), JOBS);
    }

    /** One job; empty when the server does not know it (not started yet, or no longer retained). */
    Optional<JobDataDto> job(AppRef app, int jobId) {
        return getIfFound(app(app).addPathSegment("jobs").addPathSegment(Integer.toString(jobId)).build(), JOB);
    }

    /** Active and dead executors (dead ones capped by spark.ui.retainedDeadExecutors). */
    List<ExecutorSummaryDto> allExecutors(AppRef app) {
        return get(app(app).addPathSegment("allexecutors").build(), EXECUTORS);
    }

    Optional<EnvironmentDto> environment(AppRef app) {
        return getIfFound(app(app).addPathSegment("environment").build(), ENVIRONMENT);
    }

    /** One page of SQL executions, without the plan text; empty when Spark SQL is not loaded (404). */
    Optional<List<ExecutionDataDto>> sqlPage(AppRef app, int offset, int length) {
        HttpUrl url = app(app).addPathSegment("sql")
                .addQueryParameter("details", "true")
                .addQueryParameter("planDescription", "false")
                .addQueryParameter("offset", Integer.toString(offset))
                .addQueryParameter("length", Integer.toString(length))
                .build();
        return getIfFound(url, SQL);
    }

    /** One SQL execution with its plan text and without the node graph; empty when Spark no longer has it. */
    Optional<ExecutionDataDto> sqlPlanText(AppRef app, long executionId) {
        HttpUrl url = app(app).addPathSegment("sql").addPathSegment(Long.toString(executionId))
                .addQueryParameter("details", "false")
                .addQueryParameter("planDescription", "true")
                .build();
        return getIfFound(url, SQL_ONE);
    }

    /** Empty when no task of the stage has finished yet (Spark answers 404 then). */
    Optional<TaskMetricDistributionsDto> taskSummary(AppRef app, int stageId, int attemptId) {
        HttpUrl url = stage(app, stageId, attemptId).addPathSegment("taskSummary")
                .addQueryParameter("quantiles", QuantilesMapper.REQUESTED).build();
        return getIfFound(url, SUMMARY);
    }

    /** A bounded page of a stage's tasks, e.g. {@code status=running&length=8}. */
    List<TaskDataDto> taskList(AppRef app, int stageId, int attemptId, Map<String, String> query) {
        HttpUrl.Builder url = stage(app, stageId, attemptId).addPathSegment("taskList");
        query.forEach(url::addQueryParameter);
        return getIfFound(url.build(), TASKS).orElse(List.of());
    }

    /**
     * An executor's thread dump (a live driver's only: a History Server answers 503, an executor
     * that has gone 400): empty when the server has none to give.
     */
    List<dev.sparkdoc.source.rest.dto.ThreadStackTraceDto> executorThreads(AppRef app, String executorId) {
        HttpUrl url = app(app).addPathSegment("executors").addPathSegment(executorId).addPathSegment("threads").build();
        Answer<Optional<List<dev.sparkdoc.source.rest.dto.ThreadStackTraceDto>>> a =
                client.get(url, parser -> Optional.ofNullable(THREADS.read(parser)));
        int code = a.http().code();
        return code == 400 || code == 404 || code == 503 ? List.of() : value(a).orElse(List.of());
    }

    private <T> T get(HttpUrl url, JsonBody<T> body) {
        Answer<T> a = client.get(url, body);
        if (a.http().code() == 404) {
            throw new NotFoundException(a.http());
        }
        return value(a);
    }

    /** Empty when the server does not have it (404) or answers null: both mean absent here. */
    private <T> Optional<T> getIfFound(HttpUrl url, JsonBody<T> body) {
        Answer<Optional<T>> a = client.get(url, parser -> Optional.ofNullable(body.read(parser)));
        return a.http().code() == 404 ? Optional.empty() : value(a);
    }

    /** The JSON read, or the fault the answer is instead: an HTTP error or an HTML page. */
    private <T> T value(Answer<T> a) {
        return a.json().orElseThrow(() -> a.http().ok() ? HttpFailures.html(a.http())
                : HttpFailures.status(a.http(), client.sendsCredentials()));
    }

    private static <T> JsonBody<T> as(TypeReference<T> type) {
        return parser -> Json.mapper().readValue(parser, type);
    }

    /** A list without its null elements: a null is an absent value (see the dto package). */
    private static <T> JsonBody<List<T>> listOf(TypeReference<List<T>> type) {
        return parser -> {
            List<T> list = Json.mapper().readValue(parser, type);
            return list == null ? null : list.stream().filter(Objects::nonNull).toList();
        };
    }

    private HttpUrl.Builder api() {
        return base.newBuilder().addPathSegments("api/v1");
    }

    private HttpUrl.Builder app(AppRef app) {
        HttpUrl.Builder url = api().addPathSegment("applications").addPathSegment(app.appId());
        app.attemptId().ifPresent(url::addPathSegment);
        return url;
    }

    private HttpUrl.Builder stage(AppRef app, int stageId, int attemptId) {
        return app(app).addPathSegment("stages").addPathSegment(Integer.toString(stageId))
                .addPathSegment(Integer.toString(attemptId));
    }
}
