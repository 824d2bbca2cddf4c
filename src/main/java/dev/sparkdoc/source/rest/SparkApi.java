package dev.sparkdoc.source.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.sparkdoc.source.Json;
import dev.sparkdoc.source.SourceException;
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
import java.util.Optional;
import okhttp3.HttpUrl;

/**
 * The {@code /api/v1} endpoints sparkdoc uses, below one base URL (a driver UI, a History
 * Server or a proxy path). Every call is bounded: no endpoint here returns a stage's full task list.
 */
final class SparkApi {

    private static final TypeReference<List<ApplicationInfoDto>> APPS = new TypeReference<>() { };
    private static final TypeReference<ApplicationInfoDto> APP = new TypeReference<>() { };
    private static final TypeReference<List<JobDataDto>> JOBS = new TypeReference<>() { };
    private static final TypeReference<JobDataDto> JOB = new TypeReference<>() { };
    private static final TypeReference<List<StageDataDto>> STAGES = new TypeReference<>() { };
    private static final TypeReference<List<ExecutorSummaryDto>> EXECUTORS = new TypeReference<>() { };
    private static final TypeReference<EnvironmentDto> ENVIRONMENT = new TypeReference<>() { };
    private static final TypeReference<List<ExecutionDataDto>> SQL = new TypeReference<>() { };
    private static final TypeReference<TaskMetricDistributionsDto> SUMMARY = new TypeReference<>() { };
    private static final TypeReference<List<TaskDataDto>> TASKS = new TypeReference<>() { };

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
        HttpUrl url = api().addPathSegment("applications").build();
        HttpResult r = client.get(url);
        if (r.code() == 404) {
            throw HttpFailures.notSparkApi(r);
        }
        return parse(r, APPS);
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
        HttpResult r = client.get(url.addQueryParameter("limit", Integer.toString(limit)).build());
        if (r.code() == 404) {
            throw HttpFailures.notSparkApi(r);
        }
        return parse(r, APPS);
    }

    /** @throws NotFoundException for an unknown application id */
    ApplicationInfoDto application(String appId) {
        return get(api().addPathSegment("applications").addPathSegment(appId).build(), APP);
    }

    List<JobDataDto> jobs(AppRef app) {
        return get(app(app).addPathSegment("jobs").build(), JOBS);
    }

    /** Stage attempts without tasks: {@code details=false} is the default of {@code /stages}. */
    List<StageDataDto> stages(AppRef app) {
        return get(app(app).addPathSegment("stages").build(), STAGES);
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

    private <T> T get(HttpUrl url, TypeReference<T> type) {
        HttpResult r = client.get(url);
        if (r.code() == 404) {
            throw new NotFoundException(r);
        }
        return parse(r, type);
    }

    private <T> Optional<T> getIfFound(HttpUrl url, TypeReference<T> type) {
        HttpResult r = client.get(url);
        return r.code() == 404 ? Optional.empty() : Optional.of(parse(r, type));
    }

    static <T> T parse(HttpResult r, TypeReference<T> type) {
        if (!r.ok()) {
            throw HttpFailures.status(r);
        }
        if (r.looksLikeHtml()) {
            throw HttpFailures.html(r);
        }
        try {
            T value = Json.mapper().readValue(r.body(), type);
            if (value == null) {
                throw new RestFault(RestFault.Kind.BAD_ANSWER, "not valid Spark REST JSON from " + r.url() + ": empty answer");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new RestFault(RestFault.Kind.BAD_ANSWER, "not valid Spark REST JSON from " + r.url() + ": "
                    + Texts.bounded(Texts.firstLine(e.getOriginalMessage()), 200), e);
        }
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
