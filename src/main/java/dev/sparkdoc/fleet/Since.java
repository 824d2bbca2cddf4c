package dev.sparkdoc.fleet;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fleet period's start as people write it, for the command line, the cluster job and the MCP
 * server alike: a duration back from now ({@code 90m}, {@code 24h}, {@code 7d}, {@code 2w}) or a
 * day ({@code 2026-12-01}, from its start in UTC).
 */
public final class Since {

    private static final Pattern DURATION = Pattern.compile("(\\d{1,6})([smhdw])");

    private Since() {
    }

    /** The duration {@code text} names, if it is one. */
    public static Optional<Duration> duration(String text) {
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        long n = Long.parseLong(m.group(1));
        return Optional.of(switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            case "d" -> Duration.ofDays(n);
            default -> Duration.ofDays(7 * n);
        });
    }

    /** The start in epoch milliseconds: a duration back from the clock's now, or a day's start. */
    public static long epochMs(String text, Clock clock) {
        Optional<Duration> back = duration(text);
        if (back.isPresent()) {
            return clock.instant().minus(back.get()).toEpochMilli();
        }
        try {
            return LocalDate.parse(text.strip()).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--since " + text + ": give a duration (90m, 24h, 7d, 2w) or a day (2026-12-01)");
        }
    }
}
