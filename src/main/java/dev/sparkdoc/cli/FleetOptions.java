package dev.sparkdoc.cli;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * Which applications of a History Server {@code fleet} reads; {@code triage --all-apps} takes them
 * too, and its help says "with --all-apps" (OptionHelp.properties).
 */
class FleetOptions {

    private static final Pattern DURATION = Pattern.compile("(\\d{1,6})([smhdw])");

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
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("--since " + text + ": give a number and a unit, e.g. 90m, 24h or 7d (s, m, h, d, w)");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            case "d" -> Duration.ofDays(n);
            default -> Duration.ofDays(7 * n);
        };
    }
}
