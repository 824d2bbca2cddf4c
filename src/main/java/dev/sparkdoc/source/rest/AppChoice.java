package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto.AttemptDto;
import java.util.List;
import java.util.Optional;

/**
 * The application attempt a {@link RestSource} reads, where it lives, and what kind of server
 * serves it.
 *
 * @param notes remarks for the user about the choice (e.g. "chose application X from 3 …")
 */
record AppChoice(SparkApi api, ApplicationInfoDto app, AttemptDto attempt, SourceKind kind, List<String> notes) {

    AppChoice {
        notes = List.copyOf(notes);
    }

    AppRef ref() {
        return new AppRef(app.id(), Texts.nonBlank(attempt.attemptId()));
    }

    /** The same choice with fresh application data (end time, completion) from a later poll. */
    AppChoice refreshed(ApplicationInfoDto fresh) {
        Optional<String> attemptId = Texts.nonBlank(attempt.attemptId());
        AttemptDto freshAttempt = fresh.attempts().stream()
                .filter(a -> Texts.nonBlank(a.attemptId()).equals(attemptId))
                .findFirst()
                .orElse(attempt);
        return new AppChoice(api, fresh, freshAttempt, kind, notes);
    }
}
