package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.ServerAttempt;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto;
import dev.sparkdoc.targets.Target;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The finished applications of a History Server, newest end first, in ONE request
 * ({@code /api/v1/applications?status=completed&minEndDate=…&limit=…}): what fleet triage
 * reads before it reads each application. Errors read as they do for {@link RestSource}
 * (refused, 401/403, an HTML login page, not a Spark API).
 */
public final class ApplicationListing {

    private ApplicationListing() {
    }

    /**
     * @param since only applications that ended at or after this instant
     * @param limit at most this many (the newest)
     * @throws SourceException when the server cannot be read
     */
    public static List<ListedApplication> list(Target.Http target, HttpOptions http, Optional<Instant> since, int limit) {
        return completed(target, http, since, limit, apps -> apps.stream()
                    .flatMap(app -> listed(app).stream())
                    // The server filters too; a proxy or a Spark older than 2.2 may not.
                    .filter(ListedApplication::completed)
                    .filter(app -> since.isEmpty() || app.endTime().filter(end -> !end.isBefore(since.get())).isPresent())
                    .sorted(Comparator.comparing((ListedApplication app) -> app.endTime().orElse(Instant.EPOCH)).reversed()
                            .thenComparing(ListedApplication::id))
                    .limit(limit)
                    .toList());
    }

    /**
     * Every attempt of the finished applications the History Server lists (the newest
     * {@code limit} applications that ended at or after {@code since}), for a fleet that stores
     * each attempt's log: an earlier attempt is over for good once a later one ended.
     *
     * @throws SourceException when the server cannot be read
     */
    public static List<ServerAttempt> attempts(Target.Http target, HttpOptions http, Optional<Instant> since, int limit) {
        return completed(target, http, since, limit, apps -> apps.stream()
                    .filter(app -> listed(app).filter(ListedApplication::completed).isPresent())
                    .filter(app -> since.isEmpty() || listed(app).flatMap(ListedApplication::endTime)
                            .filter(end -> !end.isBefore(since.get())).isPresent())
                    .sorted(Comparator.comparing((ApplicationInfoDto app) -> listed(app).flatMap(ListedApplication::endTime)
                            .orElse(Instant.EPOCH)).reversed().thenComparing(ApplicationInfoDto::id))
                    .limit(limit)
                    .flatMap(app -> app.attempts().stream().map(attempt -> attempt(app, attempt)))
                    .toList());
    }

    /** What {@code read} makes of the finished applications the server lists (the newest {@code limit} ended since). */
    private static <T> T completed(Target.Http target, HttpOptions http, Optional<Instant> since, int limit,
            java.util.function.Function<List<ApplicationInfoDto>, T> read) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        RestClient client = new RestClient(HttpSettings.client(http), HttpSettings.headers(http, target.baseUrl()), http.timeout());
        try {
            return read.apply(new SparkApi(client, AppResolver.baseUrl(target.baseUrl())).completedApplications(since, limit));
        } finally {
            client.close();
        }
    }

    private static ServerAttempt attempt(ApplicationInfoDto app, ApplicationInfoDto.AttemptDto dto) {
        Application.Attempt a = ApplicationMapper.attempt(dto);
        ListedApplication listed = new ListedApplication(app.id(), a.attemptId(), Texts.orEmpty(app.name()), a.sparkVersion(),
                a.startTime(), a.endTime(), a.completed());
        Instant lastUpdated = (dto.lastUpdatedEpoch() > 0 ? Optional.of(Instant.ofEpochMilli(dto.lastUpdatedEpoch()))
                : RestDates.parse(dto.lastUpdated()))
                .or(a::endTime)
                .orElse(a.startTime());
        return new ServerAttempt(listed, lastUpdated);
    }

    /** The newest attempt: Spark counts an application as running when that one is (ApplicationListResource). */
    static Optional<ListedApplication> listed(ApplicationInfoDto app) {
        return app.attempts().stream()
                .max(Comparator.comparing(ApplicationMapper::startTime))
                .map(attempt -> {
                    Application.Attempt a = ApplicationMapper.attempt(attempt);
                    return new ListedApplication(app.id(), a.attemptId(), Texts.orEmpty(app.name()), a.sparkVersion(),
                            a.startTime(), a.endTime(), a.completed());
                });
    }
}
