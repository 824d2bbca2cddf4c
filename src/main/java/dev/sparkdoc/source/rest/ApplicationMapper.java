package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Application;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto.AttemptDto;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@code ApplicationInfo} → {@link Application}, for the attempt sparkdoc chose. */
final class ApplicationMapper {

    private ApplicationMapper() {
    }

    static Application map(ApplicationInfoDto app, AttemptDto chosen) {
        List<Application.Attempt> attempts = app.attempts().stream().map(ApplicationMapper::attempt).toList();
        Application.Attempt attempt = attempt(chosen);
        return new Application(
                app.id(),
                Texts.orEmpty(app.name()),
                attempt.sparkVersion(),
                Texts.orEmpty(chosen.sparkUser()),
                attempt.attemptId(),
                attempt.startTime(),
                attempt.endTime(),
                chosen.completed(),
                attempts);
    }

    static Application.Attempt attempt(AttemptDto a) {
        return new Application.Attempt(
                Texts.nonBlank(a.attemptId()),
                startTime(a),
                a.completed() ? endTime(a) : Optional.empty(),
                Texts.orEmpty(a.sparkUser()),
                a.completed(),
                // Logs older than Spark 1.4 have no SparkListenerLogStart: appSparkVersion is "".
                Texts.nonBlank(a.appSparkVersion()));
    }

    static Instant startTime(AttemptDto a) {
        return RestDates.parse(a.startTime())
                .or(() -> a.startTimeEpoch() > 0 ? Optional.of(Instant.ofEpochMilli(a.startTimeEpoch())) : Optional.empty())
                .orElse(Instant.EPOCH);
    }

    private static Optional<Instant> endTime(AttemptDto a) {
        return RestDates.parse(a.endTime())
                .or(() -> a.endTimeEpoch() > 0 ? Optional.of(Instant.ofEpochMilli(a.endTimeEpoch())) : Optional.empty());
    }
}
