package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.source.HttpOptions;
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
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        RestClient client = new RestClient(HttpSettings.client(http), HttpSettings.headers(http, target.baseUrl()), http.timeout());
        try {
            SparkApi api = new SparkApi(client, AppResolver.baseUrl(target.baseUrl()));
            return api.completedApplications(since, limit).stream()
                    .flatMap(app -> listed(app).stream())
                    // The server filters too; a proxy or a Spark older than 2.2 may not.
                    .filter(ListedApplication::completed)
                    .filter(app -> since.isEmpty() || app.endTime().filter(end -> !end.isBefore(since.get())).isPresent())
                    .sorted(Comparator.comparing((ListedApplication app) -> app.endTime().orElse(Instant.EPOCH)).reversed()
                            .thenComparing(ListedApplication::id))
                    .limit(limit)
                    .toList();
        } finally {
            client.close();
        }
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
