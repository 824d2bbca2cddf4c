package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.Since;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Which applications of a History Server {@code fleet} reads; {@code triage --all-apps} takes them
 * too, and its help says "with --all-apps" (OptionHelp.properties).
 */
class FleetOptions {


    @Option(names = "--since", paramLabel = "DURATION", descriptionKey = "since",
            description = "only applications that ended in the last DURATION, e.g. 90m, 24h, 7d")
    String since;

    /** Without --store, a History Server is read 20 applications deep: enough for a look, polite to the server. */
    static final int SERVER_LIMIT = 20;

    @Option(names = "--limit", paramLabel = "N", descriptionKey = "limit", converter = NumberOptions.AtLeastOne.class,
            description = "the newest N applications at most (default: 20 of a History Server; all with --store or a folder)")
    Integer limit;

    int limit() {
        return limit(SERVER_LIMIT);
    }

    /** --limit, else {@code otherwise} (Integer.MAX_VALUE: no limit). */
    int limit(int otherwise) {
        return limit != null ? limit : otherwise;
    }

    Optional<Instant> since(Clock clock) {
        if (since == null) {
            return Optional.empty();
        }
        return Optional.of(clock.instant().minus(parseDuration(since)));
    }

    static Duration parseDuration(String text) {
        return Since.duration(text).orElseThrow(
                () -> new UsageException("--since " + text + ": give a number and a unit, e.g. 90m, 24h or 7d (s, m, h, d, w)"));
    }
}
