package dev.sparkdoc.source.rest;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Spark REST dates: {@code yyyy-MM-dd'T'HH:mm:ss.SSS'GMT'} in UTC (not ISO-8601, so not
 * {@code Instant.parse}). Spark writes {@code Date(-1)} = {@code 1969-12-31T23:59:59.999GMT} for
 * "not ended yet" and the History Server test data blanks some dates to {@code ""}: both are
 * read as absent.
 */
final class RestDates {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'GMT'").withZone(ZoneOffset.UTC);

    private RestDates() {
    }

    /** The same format for query parameters ({@code minEndDate=…}): Spark's {@code SimpleDateParam} reads it. */
    static String format(Instant instant) {
        return FORMAT.format(instant);
    }

    static Optional<Instant> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        try {
            Instant instant = FORMAT.parse(text.strip(), Instant::from);
            return instant.toEpochMilli() < 0 ? Optional.empty() : Optional.of(instant);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
