package dev.sparkdoc.cli;

import dev.sparkdoc.targets.Target;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/** Fleet mode of {@code triage}: every finished application of a History Server. */
final class FleetOptions {

    private static final Pattern DURATION = Pattern.compile("(\\d{1,6})([smhdw])");

    @Option(names = "--all-apps", description = "triage every completed application of a History Server (http(s) target), one ranked table")
    boolean allApps;

    @Option(names = "--since", paramLabel = "DURATION",
            description = "with --all-apps: only applications that ended in the last DURATION, e.g. 90m, 24h, 7d")
    String since;

    static final int DEFAULT_LIMIT = 20;

    @Option(names = "--limit", paramLabel = "N",
            description = "with --all-apps: the newest N applications at most (default: " + DEFAULT_LIMIT + ")")
    Integer limit;

    /** The History Server to read; usage errors for options that make no sense together. */
    Target.Http target(Target target, TargetOptions options) {
        if (!(target instanceof Target.Http http)) {
            throw new UsageException("--all-apps reads a History Server: give its URL, e.g. http://shs:18080 (not "
                    + target.display() + ")");
        }
        if (options.appId != null || options.attemptId != null) {
            throw new UsageException("--all-apps reads every application: leave out --app and --attempt");
        }
        if (limit() < 1) {
            throw new UsageException("--limit " + limit + ": give 1 or more");
        }
        return http;
    }

    /** Options of fleet mode given without --all-apps. */
    void checkUnused() {
        if (since != null || limit != null) {
            throw new UsageException((since != null ? "--since" : "--limit") + " works with --all-apps only");
        }
    }

    int limit() {
        return limit == null ? DEFAULT_LIMIT : limit;
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
