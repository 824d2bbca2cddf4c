package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto.AttemptDto;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Picks one application attempt among those a target offers (a History Server's list, or the
 * driver UIs found on 4040–4045), and tells a live driver UI from a History Server.
 */
final class AppChooser {

    /** An application and the API that serves it (several driver UIs each serve one). */
    record Candidate(SparkApi api, ApplicationInfoDto app) {
    }

    private static final int IDS_SHOWN = 8;

    private AppChooser() {
    }

    /**
     * By {@code --app} (and {@code --attempt}) when given; otherwise the most recently started
     * running application, else the most recently finished one.
     */
    static AppChoice choose(List<Candidate> candidates, AppSelector selector, String targetDisplay) {
        if (candidates.isEmpty()) {
            throw new SourceException("no Spark applications at " + targetDisplay
                    + " (a History Server lists an application once it has read its event log)");
        }
        Candidate chosen = selector.appId()
                .map(id -> candidates.stream().filter(c -> c.app().id().equals(id)).findFirst()
                        .orElseThrow(() -> unknownApp(id, candidates, targetDisplay)))
                .orElseGet(() -> candidates.stream().max(recency()).orElseThrow());
        AttemptDto attempt = attempt(chosen.app(), selector);
        List<String> notes = new ArrayList<>();
        if (candidates.size() > 1 && selector.appId().isEmpty()) {
            notes.add("chose application " + chosen.app().id() + " (" + Texts.orEmpty(chosen.app().name()) + ") from "
                    + candidates.size() + " applications at " + targetDisplay + "; pick another with --app ID");
        }
        long appsOnServer = candidates.stream().filter(c -> c.api() == chosen.api()).count();
        return new AppChoice(chosen.api(), chosen.app(), attempt, kind(appsOnServer, chosen.app(), attempt), notes);
    }

    static SourceException unknownApp(String id, List<Candidate> candidates, String targetDisplay) {
        return new SourceException("no application '" + id + "' at " + targetDisplay + "; available: "
                + idList(candidates.stream().map(c -> c.app().id()).toList()) + " (pick one with --app ID)");
    }

    static String idList(List<String> ids) {
        if (ids.isEmpty()) {
            return "none";
        }
        String shown = ids.stream().limit(IDS_SHOWN).collect(Collectors.joining(", "));
        return ids.size() > IDS_SHOWN ? shown + " and " + (ids.size() - IDS_SHOWN) + " more" : shown;
    }

    /**
     * LIVE when the server lists exactly one application with a single incomplete attempt that
     * has no attempt id and was "last updated" at its start time: that is what a driver UI
     * answers ({@code SparkUI.getApplicationInfoList} sets {@code lastUpdated = startTime},
     * {@code endTime = Date(-1)}, no attempt id; checked on Spark 4.0.1). A History Server's
     * in-progress attempt has {@code lastUpdated} = the event log's modification time instead.
     * Everything else is HISTORY.
     */
    static SourceKind kind(long appsOnServer, ApplicationInfoDto app, AttemptDto attempt) {
        boolean liveShape = app.attempts().size() == 1
                && !attempt.completed()
                && Texts.nonBlank(attempt.attemptId()).isEmpty()
                && sameInstant(attempt.lastUpdated(), attempt.startTime());
        return appsOnServer == 1 && liveShape ? SourceKind.LIVE : SourceKind.HISTORY;
    }

    private static boolean sameInstant(String a, String b) {
        Optional<Instant> first = RestDates.parse(a);
        return first.isPresent() && first.equals(RestDates.parse(b));
    }

    private static AttemptDto attempt(ApplicationInfoDto app, AppSelector selector) {
        if (app.attempts().isEmpty()) {
            throw new SourceException("application " + app.id() + " has no attempts listed; it may still be starting");
        }
        if (selector.attemptId().isPresent()) {
            String wanted = selector.attemptId().get();
            return app.attempts().stream().filter(a -> wanted.equals(a.attemptId())).findFirst()
                    .orElseThrow(() -> new SourceException("application " + app.id() + " has no attempt '" + wanted
                            + "'; attempts: " + idList(app.attempts().stream()
                            .map(a -> Texts.nonBlank(a.attemptId()).orElse("(none)")).toList())));
        }
        // Spark lists attempts newest first; sort anyway, a proxy may not keep the order.
        return app.attempts().stream().max(Comparator.comparing(ApplicationMapper::startTime)).orElseThrow();
    }

    /** Running before finished; among running the latest start, among finished the latest end. */
    private static Comparator<Candidate> recency() {
        return Comparator.<Candidate, Boolean>comparing(c -> running(c.app()))
                .thenComparing(c -> running(c.app()) ? newestStart(c.app()) : newestEnd(c.app()));
    }

    private static boolean running(ApplicationInfoDto app) {
        return app.attempts().stream().anyMatch(a -> !a.completed());
    }

    private static Instant newestStart(ApplicationInfoDto app) {
        return app.attempts().stream().map(ApplicationMapper::startTime).max(Comparator.naturalOrder()).orElse(Instant.EPOCH);
    }

    private static Instant newestEnd(ApplicationInfoDto app) {
        return app.attempts().stream()
                .map(a -> RestDates.parse(a.endTime()).orElse(ApplicationMapper.startTime(a)))
                .max(Comparator.naturalOrder()).orElse(Instant.EPOCH);
    }
}
